import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { formsUiMessages } from '@shared/messages/forms-ui.js';
import { clearSession, getSession } from '@client/lib/session.js';
import { ADMIN, callsTo, fail, renderPeople, sentBody } from '../testing/render-people.js';
import { OwnAccountPage } from './own-account-page.js';

afterEach(() => act(() => clearSession()));

const INFO = {
  id: ADMIN.id,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  newsletter: 0,
  zipcode: '',
  birthday: null,
  isAdmin: true,
};

const OFF = {
  totp: false,
  backupCodesLeft: 0,
  passkeys: 0,
  required: false,
  available: true,
  held: false,
};

function renderOwnAccount(api: Record<string, unknown> = {}) {
  return renderPeople(<OwnAccountPage />, '/admin/ownAccount', {
    [`GET /users/${ADMIN.id}`]: INFO,
    'GET /admin/second-factor': OFF,
    'GET /sessions': [],
    'GET /admin/passkeys': [],
    ...api,
  });
}

async function credentials() {
  return within(await screen.findByRole('form', { name: 'Credentials' }));
}

describe('Credentials', () => {
  it('loads the admin info into First Name, Last Name and Email', async () => {
    renderOwnAccount();
    expect(screen.getByText('Loading your account…')).toBeInTheDocument();
    const form = await credentials();
    expect(form.getByLabelText('First Name')).toHaveValue('Ada');
    expect(form.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(form.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(form.getByRole('button', { name: 'Update Password' })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("says 'Error loading admin info' when the info does not load", async () => {
    renderOwnAccount({ [`GET /users/${ADMIN.id}`]: fail(500, 'Something went wrong') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading admin info');
    expect(screen.queryByRole('form', { name: 'Credentials' })).not.toBeInTheDocument();
  });

  it("a bad email shows red 'Email given was not found' and makes no call", async () => {
    const user = userEvent.setup();
    const { fetch } = renderOwnAccount();
    const form = await credentials();
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'ada@example');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email given was not found');
    expect(form.getByLabelText('Email')).toHaveFocus();
    expect(form.getByLabelText('Email')).toBeInvalid();
    expect(callsTo(fetch, 'PUT', '/admin/users')).toHaveLength(0);
  });

  it('an empty first name is refused before any call', async () => {
    const user = userEvent.setup();
    const { fetch } = renderOwnAccount();
    const form = await credentials();
    await user.clear(form.getByLabelText('First Name'));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('First name is required');
    expect(callsTo(fetch, 'PUT', '/admin/users')).toHaveLength(0);
  });

  it("shows a last name of 'N/A' as none, and stores none as 'N/A'", async () => {
    const user = userEvent.setup();
    const { fetch } = renderOwnAccount({
      [`GET /users/${ADMIN.id}`]: { ...INFO, last_name: 'N/A' },
      'PUT /admin/users': () => ({
        status: 200,
        data: { id: ADMIN.id, first_name: 'Ada', last_name: 'N/A', email: 'ada@example.com' },
        message: 'Information updated',
      }),
    });
    const form = await credentials();
    expect(form.getByLabelText('Last Name')).toHaveValue('');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Information updated');
    expect(sentBody(fetch, 'PUT', '/admin/users')).toMatchObject({ lastName: 'N/A' });
    expect(form.getByLabelText('Last Name')).toHaveValue('');
  });

  it('Save sends {id, email, firstName, lastName} and the sidebar name follows', async () => {
    const user = userEvent.setup();
    const { fetch } = renderOwnAccount({
      'PUT /admin/users': () => ({
        status: 200,
        data: { id: ADMIN.id, first_name: 'Augusta', last_name: 'King', email: 'ak@example.com' },
        message: 'Information updated',
      }),
    });
    const form = await credentials();
    await user.clear(form.getByLabelText('First Name'));
    await user.type(form.getByLabelText('First Name'), ' Augusta ');
    await user.clear(form.getByLabelText('Last Name'));
    await user.type(form.getByLabelText('Last Name'), 'King');
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'AK@example.com');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Information updated');
    expect(sentBody(fetch, 'PUT', '/admin/users')).toEqual({
      id: ADMIN.id,
      email: 'AK@example.com',
      firstName: 'Augusta',
      lastName: 'King',
    });
    expect(form.getByLabelText('Email')).toHaveValue('ak@example.com');
    expect(getSession()?.firstName).toBe('Augusta');
  });

  it("says 'Error updating information' with the server's reason", async () => {
    const user = userEvent.setup();
    renderOwnAccount({
      'PUT /admin/users': fail(503, 'The service is briefly unavailable.'),
    });
    const form = await credentials();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error updating information (The service is briefly unavailable.)',
    );
    expect(getSession()?.firstName).toBe('Ada');
  });

  it('shows a taken email under Email', async () => {
    const user = userEvent.setup();
    renderOwnAccount({ 'PUT /admin/users': fail(409, apiMessages.emailTaken) });
    const form = await credentials();
    await user.click(form.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error updating information');
    expect(alert).not.toHaveTextContent(apiMessages.emailTaken);
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription(apiMessages.emailTaken);
  });
});

describe('Update Password dialog', () => {
  async function openDialog(user: UserEvent) {
    const form = await credentials();
    await user.click(form.getByRole('button', { name: 'Update Password' }));
    return within(screen.getByRole('dialog', { name: 'Update Password' }));
  }

  async function fill(
    user: UserEvent,
    dialog: Awaited<ReturnType<typeof openDialog>>,
    values: [string, string][],
  ) {
    for (const [label, value] of values) {
      await user.clear(dialog.getByLabelText(label));
      if (value) await user.type(dialog.getByLabelText(label), value);
    }
    await user.click(dialog.getByRole('button', { name: 'Update Password' }));
  }

  it('checks the current password, the format, then the match, without calling', async () => {
    const user = userEvent.setup();
    const { fetch } = renderOwnAccount();
    const dialog = await openDialog(user);
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(dialog.getByLabelText(label)).toHaveAttribute('type', 'password');
    }
    await fill(user, dialog, []);
    expect(dialog.getByRole('alert')).toHaveTextContent('Current password is required');
    expect(dialog.getByLabelText('Current Password')).toHaveFocus();
    await fill(user, dialog, [
      ['Current Password', 'Old-pass1'],
      ['New Password', 'weakpass'],
    ]);
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'New passwords needs to follow proper format',
    );
    expect(dialog.getByLabelText('New Password')).toHaveFocus();
    await fill(user, dialog, [
      ['New Password', 'NewPass123'],
      ['Confirm New Password', 'NewPass124'],
    ]);
    expect(dialog.getByRole('alert')).toHaveTextContent('New passwords do not match');
    expect(dialog.getByLabelText('Confirm New Password')).toHaveFocus();
    expect(callsTo(fetch, 'PUT', '/users/password')).toHaveLength(0);
  });

  it('a 201 closes the dialog, clears it, and says so on the page', async () => {
    const user = userEvent.setup();
    const { fetch } = renderOwnAccount({
      'PUT /users/password': () => ({ status: 201, data: null }),
    });
    let dialog = await openDialog(user);
    await fill(user, dialog, [
      ['Current Password', 'Old-pass1'],
      ['New Password', 'NewPass123'],
      ['Confirm New Password', 'NewPass123'],
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBody(fetch, 'PUT', '/users/password')).toEqual({
      userId: ADMIN.id,
      currentPassword: 'Old-pass1',
      newPassword: 'NewPass123',
    });
    dialog = await openDialog(user);
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(dialog.getByLabelText(label)).toHaveValue('');
    }
  });

  it("a 200 is not a success: 'Error trying to update password' in the dialog", async () => {
    const user = userEvent.setup();
    renderOwnAccount({
      'PUT /users/password': () => ({ status: 200, data: null, message: 'Hm' }),
    });
    const dialog = await openDialog(user);
    await fill(user, dialog, [
      ['Current Password', 'Old-pass1'],
      ['New Password', 'NewPass123'],
      ['Confirm New Password', 'NewPass123'],
    ]);
    expect(await dialog.findByRole('alert')).toHaveTextContent('Error trying to update password');
    expect(screen.queryByText('Password changed successfully')).not.toBeInTheDocument();
  });

  it("a refusal shows 'Error trying to update password' in the dialog, the reason under its field", async () => {
    const user = userEvent.setup();
    renderOwnAccount({ 'PUT /users/password': fail(400, apiMessages.currentPasswordWrong) });
    const dialog = await openDialog(user);
    await fill(user, dialog, [
      ['Current Password', 'Wrong-pass1'],
      ['New Password', 'NewPass123'],
      ['Confirm New Password', 'NewPass123'],
    ]);
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Error trying to update password');
    expect(alert).not.toHaveTextContent(apiMessages.currentPasswordWrong);
    expect(dialog.getByLabelText('Current Password')).toHaveAccessibleDescription(
      apiMessages.currentPasswordWrong,
    );
    expect(screen.getByRole('dialog', { name: 'Update Password' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Current Password')).toHaveValue('Wrong-pass1');
  });

  it('says the rule under New Password, and a password too common there too', async () => {
    const user = userEvent.setup();
    renderOwnAccount({ 'PUT /users/password': fail(400, apiMessages.passwordTooCommon) });
    const dialog = await openDialog(user);
    const hint = formsUiMessages.passwordHint;
    expect(dialog.getByLabelText('New Password')).toHaveAccessibleDescription(hint);
    await fill(user, dialog, [
      ['Current Password', 'Old-pass1'],
      ['New Password', 'Password123'],
      ['Confirm New Password', 'Password123'],
    ]);
    expect(await dialog.findByRole('alert')).toHaveTextContent('Error trying to update password');
    expect(dialog.getByLabelText('New Password')).toHaveAccessibleDescription(
      `${apiMessages.passwordTooCommon} ${hint}`,
    );
  });

  it('Cancel closes the dialog and forgets what was typed', async () => {
    const user = userEvent.setup();
    renderOwnAccount();
    let dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Current Password'), 'Old-pass1');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    dialog = await openDialog(user);
    expect(dialog.getByLabelText('Current Password')).toHaveValue('');
  });
});

describe('Passkeys', () => {
  const KEY = {
    id: 3,
    name: 'Work laptop',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
  };

  async function passkeysPanel() {
    return within(await screen.findByRole('region', { name: 'Passkeys' }));
  }

  it('says so, instead of offering one, in a browser without WebAuthn', async () => {
    renderOwnAccount();
    const panel = await passkeysPanel();
    expect(await panel.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(panel.getByText(/This browser cannot use passkeys/)).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('removes one only with the password again, and warns when it is the last factor', async () => {
    const user = userEvent.setup();
    const { fetch } = renderOwnAccount({
      'GET /admin/second-factor': { ...OFF, passkeys: 1 },
      'GET /admin/passkeys': [KEY],
      'DELETE /admin/passkeys/3': KEY,
    });
    const panel = await passkeysPanel();
    expect(await screen.findByText('On: signing in asks for one of your passkeys.')).toBeVisible();
    expect(await panel.findByText('Added Nov 20, 2026 · Not used yet')).toBeInTheDocument();
    await user.click(await panel.findByRole('button', { name: 'Remove Work laptop' }));
    expect(panel.getByRole('alert')).toHaveTextContent('It is your only second factor');
    const form = panel.getByRole('form', { name: 'Remove the passkey “Work laptop”' });
    await user.click(within(form).getByRole('button', { name: 'Remove passkey' }));
    expect(callsTo(fetch, 'DELETE', '/admin/passkeys/3')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Your password, again'), 'Steel-Guitar-1959');
    await user.click(within(form).getByRole('button', { name: 'Remove passkey' }));
    expect(sentBody(fetch, 'DELETE', '/admin/passkeys/3')).toEqual({
      password: 'Steel-Guitar-1959',
    });
  });
});
