import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { formsUiMessages } from '@shared/messages/forms-ui.js';
import { clearSession } from '@client/lib/session.js';
import { callsTo, fail, renderPeople, sentBody } from '../testing/render-people.js';
import { NewAdminPage } from './new-admin-page.js';

afterEach(() => act(() => clearSession()));

const created = () => ({
  status: 201,
  data: { id: 7, name: 'Grace Hopper', email: 'grace@example.com' },
  message: 'Account Successfully created',
});

function renderNewAdmin(api: Record<string, unknown> = {}) {
  return renderPeople(<NewAdminPage />, '/admin/newAdmin', api);
}

const form = () => within(screen.getByRole('form', { name: 'New administrator' }));

async function fill(user: UserEvent, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = form().getByLabelText(label, { exact: true });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const VALID = {
  Name: 'Grace Hopper',
  Email: 'grace@example.com',
  Password: 'Navy-Pass1',
  'Confirm Password': 'Navy-Pass1',
};

describe('New administrator', () => {
  it('has Name, Email, Password, Confirm Password and Create', () => {
    renderNewAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'New Administrator' }));
    for (const label of Object.keys(VALID)) {
      expect(form().getByLabelText(label, { exact: true })).toHaveValue('');
    }
    expect(form().getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(form().getByLabelText('Password', { exact: true })).toHaveAttribute('type', 'password');
    expect(form().getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
  });

  it('checks the name, the email, the password format, then the match, one at a time', async () => {
    const user = userEvent.setup();
    const { fetch } = renderNewAdmin();
    const create = () => user.click(form().getByRole('button', { name: 'Create' }));
    await create();
    expect(screen.getByRole('alert')).toHaveTextContent('No Name was given');
    expect(form().getByLabelText('Name')).toHaveFocus();
    await fill(user, { Name: '   ' });
    await create();
    expect(screen.getByRole('alert')).toHaveTextContent('No Name was given');
    await fill(user, { Name: 'Grace Hopper', Email: 'grace@' });
    await create();
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect email format');
    expect(form().getByLabelText('Email')).toHaveFocus();
    // The demo login names are for logging in only.
    await fill(user, { Email: 'admin' });
    await create();
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect email format');
    await fill(user, { Email: 'grace@example.com', Password: 'navypass1' });
    await create();
    expect(screen.getByRole('alert')).toHaveTextContent('Password not in correct format');
    expect(form().getByLabelText('Password', { exact: true })).toHaveFocus();
    await fill(user, { Password: 'Navy-Pass1', 'Confirm Password': 'Navy-Pass2' });
    await create();
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(form().getByLabelText('Confirm Password')).toHaveFocus();
    expect(callsTo(fetch, 'POST', '/admin/users')).toHaveLength(0);
  });

  it('Enter in the Name field creates, with the name split into first and last name', async () => {
    const user = userEvent.setup();
    const { fetch } = renderNewAdmin({ 'POST /admin/users': created });
    await fill(user, { ...VALID, Name: '' });
    await user.type(form().getByLabelText('Name'), '  Grace   Brewster Hopper {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Account Successfully created');
    expect(sentBody(fetch, 'POST', '/admin/users')).toEqual({
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      password: 'Navy-Pass1',
    });
  });

  it("a one-word name gets the last name 'N/A'", async () => {
    const user = userEvent.setup();
    const { fetch } = renderNewAdmin({ 'POST /admin/users': created });
    await fill(user, { ...VALID, Name: 'Cher' });
    await user.click(form().getByRole('button', { name: 'Create' }));
    await screen.findByRole('status');
    expect(sentBody(fetch, 'POST', '/admin/users')).toMatchObject({
      firstName: 'Cher',
      lastName: 'N/A',
    });
  });

  it("success clears the email and password fields and says 'Account Successfully created'", async () => {
    const user = userEvent.setup();
    renderNewAdmin({ 'POST /admin/users': created });
    await fill(user, VALID);
    await user.click(form().getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Account Successfully created');
    expect(form().getByLabelText('Email')).toHaveValue('');
    expect(form().getByLabelText('Password', { exact: true })).toHaveValue('');
    expect(form().getByLabelText('Confirm Password')).toHaveValue('');
  });

  it("failure says 'Error creating new administrator account' with the server's reason", async () => {
    const user = userEvent.setup();
    renderNewAdmin({ 'POST /admin/users': fail(503, 'The service is briefly unavailable.') });
    await fill(user, VALID);
    await user.click(form().getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error creating new administrator account (The service is briefly unavailable.)',
    );
  });

  it('says the password rule under Password, and a password too common there too', async () => {
    const user = userEvent.setup();
    renderNewAdmin({ 'POST /admin/users': fail(400, apiMessages.passwordTooCommon) });
    const password = form().getByLabelText('Password', { exact: true });
    expect(password).toHaveAccessibleDescription(formsUiMessages.passwordHint);
    await fill(user, { ...VALID, Password: 'Password123', 'Confirm Password': 'Password123' });
    await user.click(form().getByRole('button', { name: 'Create' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error creating new administrator account');
    expect(alert).not.toHaveTextContent(apiMessages.passwordTooCommon);
    expect(password).toHaveAccessibleDescription(
      `${apiMessages.passwordTooCommon} ${formsUiMessages.passwordHint}`,
    );
    expect(password).toHaveFocus();
  });

  it('shows a taken email under Email, the failure above the button', async () => {
    const user = userEvent.setup();
    renderNewAdmin({ 'POST /admin/users': fail(409, apiMessages.emailTaken) });
    await fill(user, VALID);
    await user.click(form().getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error creating new administrator account',
    );
    expect(form().getByLabelText('Email')).toHaveAccessibleDescription(apiMessages.emailTaken);
    expect(form().getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(form().getByLabelText('Password', { exact: true })).toHaveValue('Navy-Pass1');
  });

  it('links back to the user dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderNewAdmin();
    await user.click(screen.getByRole('link', { name: 'Back to Users' }));
    expect(router.state.location.pathname).toBe('/admin/userDashboard');
  });
});
