import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession } from '@client/lib/session.js';
import { ACCOUNT, fail, FAN, renderAccount, sentBody } from '../testing/render-account.js';

afterEach(() => act(() => clearSession()));

const RULE =
  'Password does not meet requirements: 1 uppercase, 1 lowercase, 1 number, 1 special character, 8 characters';

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

  it("shows the server's message when saving fails", async () => {
    const user = userEvent.setup();
    renderAccount({ 'PUT /users': fail(409, 'An account with this email already exists.') });
    const account = await form('Account');
    await user.click(account.getByRole('button', { name: 'Save Changes' }));
    expect(await account.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists.',
    );
    expect(getSession()?.firstName).toBe('Ann');
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
      'New password is required',
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
      'Passwords do not match',
    );
    expect(change.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    await user.clear(change.getByLabelText('New Password'));
    await user.type(change.getByLabelText('New Password'), 'weak');
    expect(change.getByLabelText('New Password')).toHaveAccessibleDescription(RULE);
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
    expect(change.getByLabelText('New Password')).not.toHaveAccessibleDescription();
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

  it("shows the server's message (wrong current password)", async () => {
    const user = userEvent.setup();
    renderAccount({
      'PUT /users/password': fail(400, 'Your current password is incorrect.'),
    });
    const change = await fill(user, [
      ['Current Password', 'Wrong-pass1'],
      ['New Password', 'NewPass123'],
      ['Confirm Password', 'NewPass123'],
    ]);
    expect(await change.findByRole('alert')).toHaveTextContent(
      'Your current password is incorrect.',
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
