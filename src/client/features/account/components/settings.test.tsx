import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { formsUiMessages } from '@shared/messages/forms-ui.js';
import { peopleMessages } from '@shared/messages/people.js';
import { clearSession, getSession } from '@client/lib/session.js';
import { ACCOUNT, fail, FAN, renderAccount, sentBody } from '../testing/render-account.js';

afterEach(() => act(() => clearSession()));

const RULE =
  'Password does not meet requirements: 1 uppercase, 1 lowercase, 1 number, 1 special character, 8 characters';
/** The new password's rule, said under it from the start (after its error, if any). */
const HINT = formsUiMessages.passwordHint;

async function form(name: string) {
  return within(await screen.findByRole('form', { name }));
}

describe('Account form', () => {
  it('shows the account, the birthday as YYYY-MM-DD and the newsletter choice', async () => {
    renderAccount({
      [`GET /users/${FAN.id}`]: { ...ACCOUNT, birthday: '1990-05-04', newsletter: 0 },
    });
    const account = await form('Account');
    expect(account.getByLabelText('First Name')).toHaveValue('Ann');
    expect(account.getByLabelText('Last Name')).toHaveValue('Lee');
    expect(account.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(account.getByLabelText('Zip Code')).toHaveValue('37203');
    expect(account.getByLabelText('Birthday')).toHaveValue('1990-05-04');
    expect(
      account.getByRole('checkbox', { name: 'Subscribe to the newsletter' }),
    ).not.toBeChecked();
  });

  it('requires first name, last name and email, and a valid email', async () => {
    const user = userEvent.setup();
    const { fetch } = renderAccount();
    const account = await form('Account');
    for (const label of ['First Name', 'Last Name', 'Email']) {
      await user.clear(account.getByLabelText(label));
    }
    await user.click(account.getByRole('button', { name: 'Save Changes' }));
    expect(account.getByLabelText('First Name')).toHaveAccessibleDescription(
      'First name is required',
    );
    expect(account.getByLabelText('Last Name')).toHaveAccessibleDescription(
      'Last name is required',
    );
    expect(account.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(account.getByLabelText('First Name')).toHaveFocus();
    await user.type(account.getByLabelText('Email'), 'ann@');
    expect(account.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email',
    );
    expect(sentBody(fetch, 'PUT', '/users')).toBeUndefined();
  });

  it("saves with the spec's field names and says 'Account changes saved'", async () => {
    const user = userEvent.setup();
    const { fetch } = renderAccount({
      'PUT /users': () => ({ status: 200, data: ACCOUNT, message: 'Account changes saved' }),
    });
    const account = await form('Account');
    await user.clear(account.getByLabelText('First Name'));
    await user.type(account.getByLabelText('First Name'), 'Annie');
    await user.click(account.getByRole('checkbox', { name: 'Subscribe to the newsletter' }));
    await user.click(account.getByRole('button', { name: 'Save Changes' }));
    expect(await account.findByRole('status')).toHaveTextContent('Account changes saved');
    expect(sentBody(fetch, 'PUT', '/users')).toEqual({
      id: FAN.id,
      email: 'ann@example.com',
      firstName: 'Annie',
      lastName: 'Lee',
      zip_code: '37203',
      birthday: '1990-05-04',
      newsletter: '0',
    });
    // The navigation reads the first name from the session.
    expect(getSession()?.firstName).toBe('Annie');
  });

  it('requires the zip code and birthday as sign-up does, rather than keep them silently', async () => {
    const user = userEvent.setup();
    const { fetch } = renderAccount();
    const account = await form('Account');
    await user.clear(account.getByLabelText('Zip Code'));
    await user.clear(account.getByLabelText('Birthday'));
    await user.click(account.getByRole('button', { name: 'Save Changes' }));
    expect(account.getByLabelText('Zip Code')).toHaveAccessibleDescription('Zip code is required');
    expect(account.getByLabelText('Birthday')).toHaveAccessibleDescription('Birthday is required');
    expect(sentBody(fetch, 'PUT', '/users')).toBeUndefined();
  });

  it("says a birthday under 13 in the account's words, not sign-up's", async () => {
    const user = userEvent.setup();
    renderAccount();
    const account = await form('Account');
    const birthday = account.getByLabelText('Birthday');
    await user.clear(birthday);
    await user.type(birthday, `${new Date().getFullYear() - 5}-01-01`);
    await user.click(account.getByRole('button', { name: 'Save Changes' }));
    expect(birthday).toHaveAccessibleDescription(peopleMessages.accountTooYoung);
  });

  it('keeps its inputs as short as the API wants them', async () => {
    renderAccount();
    const account = await form('Account');
    expect(account.getByLabelText('First Name')).toHaveAttribute('maxlength', '100');
    expect(account.getByLabelText('Last Name')).toHaveAttribute('maxlength', '100');
    expect(account.getByLabelText('Zip Code')).toHaveAttribute('maxlength', '20');
    expect(account.getByLabelText('Email')).toHaveAttribute('maxlength', '254');
  });

  it("shows 'N/A' as no last name, and keeps it when the field is left empty", async () => {
    const user = userEvent.setup();
    const { fetch } = renderAccount({
      [`GET /users/${FAN.id}`]: { ...ACCOUNT, last_name: 'N/A' },
      'PUT /users': () => ({ status: 200, data: ACCOUNT, message: 'Account changes saved' }),
    });
    const account = await form('Account');
    expect(account.getByLabelText('Last Name')).toHaveValue('');
    await user.click(account.getByRole('button', { name: 'Save Changes' }));
    expect(await account.findByRole('status')).toHaveTextContent('Account changes saved');
    expect(sentBody(fetch, 'PUT', '/users')).toMatchObject({ lastName: 'N/A' });
  });

  it('shows a taken email under the Email field, not in a banner', async () => {
    const user = userEvent.setup();
    renderAccount({ 'PUT /users': fail(409, apiMessages.emailTaken) });
    const account = await form('Account');
    await user.click(account.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(account.getByLabelText('Email')).toHaveAccessibleDescription(apiMessages.emailTaken),
    );
    expect(account.getByLabelText('Email')).toHaveFocus();
    expect(account.queryByRole('alert')).not.toBeInTheDocument();
    expect(getSession()?.firstName).toBe('Ann');
  });

  it("shows the server's message when saving fails for a reason of no field", async () => {
    const user = userEvent.setup();
    renderAccount({ 'PUT /users': fail(503, 'The service is briefly unavailable.') });
    const account = await form('Account');
    await user.click(account.getByRole('button', { name: 'Save Changes' }));
    expect(await account.findByRole('alert')).toHaveTextContent(
      'The service is briefly unavailable.',
    );
  });
});

describe('Change Password', () => {
  const fill = async (user: UserEvent, values: [string, string][]) => {
    const change = await form('Change Password');
    for (const [label, value] of values) await user.type(change.getByLabelText(label), value);
    await user.click(change.getByRole('button', { name: 'Change Password' }));
    return change;
  };

  it('requires all three fields', async () => {
    const user = userEvent.setup();
    renderAccount();
    const change = await fill(user, []);
    expect(change.getByLabelText('Current Password')).toHaveAccessibleDescription(
      'Current password is required',
    );
    expect(change.getByLabelText('New Password')).toHaveAccessibleDescription(
      `New password is required ${HINT}`,
    );
    expect(change.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Confirm password is required',
    );
  });

  it("shows 'Passwords do not match' on both fields, and the strength rule", async () => {
    const user = userEvent.setup();
    renderAccount();
    const change = await fill(user, [
      ['Current Password', 'Old-pass1'],
      ['New Password', 'NewPass123'],
      ['Confirm Password', 'NewPass124'],
    ]);
    expect(change.getByLabelText('New Password')).toHaveAccessibleDescription(
      `Passwords do not match ${HINT}`,
    );
    expect(change.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    await user.clear(change.getByLabelText('New Password'));
    await user.type(change.getByLabelText('New Password'), 'weak');
    expect(change.getByLabelText('New Password')).toHaveAccessibleDescription(`${RULE} ${HINT}`);
  });

  it("sends {userId, currentPassword, newPassword}; a 201 says 'Password changed successfully'", async () => {
    const user = userEvent.setup();
    const { fetch } = renderAccount({
      'PUT /users/password': () => ({ status: 201, data: null }),
    });
    const change = await fill(user, [
      ['Current Password', 'Old-pass1'],
      ['New Password', 'NewPass123'],
      ['Confirm Password', 'NewPass123'],
    ]);
    expect(await change.findByRole('status')).toHaveTextContent('Password changed successfully');
    expect(sentBody(fetch, 'PUT', '/users/password')).toEqual({
      userId: FAN.id,
      currentPassword: 'Old-pass1',
      newPassword: 'NewPass123',
    });
    expect(change.getByLabelText('Current Password')).toHaveValue('');
    expect(change.getByLabelText('New Password')).toHaveAccessibleDescription(HINT);
  });

  it('does not count a 200 as success', async () => {
    const user = userEvent.setup();
    renderAccount({ 'PUT /users/password': () => ({ status: 200, data: null, message: 'Hm' }) });
    const change = await fill(user, [
      ['Current Password', 'Old-pass1'],
      ['New Password', 'NewPass123'],
      ['Confirm Password', 'NewPass123'],
    ]);
    expect(await change.findByRole('alert')).toHaveTextContent('Hm');
    expect(change.queryByText('Password changed successfully')).not.toBeInTheDocument();
  });

  it('shows a wrong current password under Current Password', async () => {
    const user = userEvent.setup();
    renderAccount({ 'PUT /users/password': fail(400, apiMessages.currentPasswordWrong) });
    const change = await fill(user, [
      ['Current Password', 'Wrong-pass1'],
      ['New Password', 'NewPass123'],
      ['Confirm Password', 'NewPass123'],
    ]);
    await waitFor(() =>
      expect(change.getByLabelText('Current Password')).toHaveAccessibleDescription(
        apiMessages.currentPasswordWrong,
      ),
    );
    expect(change.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a password too common under New Password, whose hint warned of it', async () => {
    const user = userEvent.setup();
    renderAccount({ 'PUT /users/password': fail(400, apiMessages.passwordTooCommon) });
    const change = await form('Change Password');
    expect(change.getByLabelText('New Password')).toHaveAccessibleDescription(HINT);
    expect(HINT).toMatch(/common/i);
    await fill(user, [
      ['Current Password', 'Old-pass1'],
      ['New Password', 'Password123'],
      ['Confirm Password', 'Password123'],
    ]);
    await waitFor(() =>
      expect(change.getByLabelText('New Password')).toHaveAccessibleDescription(
        `${apiMessages.passwordTooCommon} ${HINT}`,
      ),
    );
    expect(change.getByLabelText('New Password')).toHaveFocus();
    expect(change.queryByRole('alert')).not.toBeInTheDocument();
    // A new password typed drops the refusal.
    await user.type(change.getByLabelText('New Password'), '!');
    expect(change.getByLabelText('New Password')).toHaveAccessibleDescription(
      `Passwords do not match ${HINT}`,
    );
  });
});

describe('Delete Account', () => {
  it('asks first: Cancel Deletion goes back without a call', async () => {
    const user = userEvent.setup();
    const { fetch } = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(screen.getByRole('button', { name: 'Cancel Deletion' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirm Deletion' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Deletion' }));
    expect(screen.getByRole('button', { name: 'Delete Account' })).toHaveFocus();
    expect(sentBody(fetch, 'DELETE', '/users')).toBeUndefined();
  });

  it('Confirm Deletion deletes {id}, signs out and goes home', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderAccount({
      'DELETE /users': () => ({ status: 200, data: null, message: 'Account deleted' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Deletion' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
    expect(sentBody(fetch, 'DELETE', '/users')).toEqual({ id: FAN.id });
  });

  it("says 'There was an error deleting your account' and stays signed in on failure", async () => {
    const user = userEvent.setup();
    renderAccount({ 'DELETE /users': fail(500, 'Something went wrong') });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Deletion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error deleting your account',
    );
    await waitFor(() => expect(getSession()).toEqual(FAN));
  });
});
