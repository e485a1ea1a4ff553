import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '@client/lib/session.js';
import { recoveryBodies, sentToRecovery } from '@client/testing/recovery-calls.js';
import { ADMIN, renderLogin, sentBody } from '../testing/render-admin-shell.js';

afterEach(() => {
  act(() => clearSession());
  vi.useRealTimers();
});

const signedIn =
  (isAdmin: boolean, firstName = 'Dolly') =>
  () => ({
    status: 201,
    data: { userid: 9, firstName, isAdmin },
    message: 'Signed in',
  });

async function fillIn(user: UserEvent, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email Address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('/admin, the admin login', () => {
  it('has Email Address, Password, Forgot Password?, Log In and a way back to the site', async () => {
    renderLogin();
    expect(await screen.findByLabelText('Email Address')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /back to the main site/i })).toHaveAttribute(
      'href',
      '/',
    );
  });

  // Caught in the browser: the login is never called.
  it.each([
    {
      when: 'while a field is empty',
      email: 'dolly@example.com',
      password: '',
      message: 'Please fill out all fields.',
    },
    {
      when: 'for a malformed email',
      email: 'dolly@',
      password: 'Secret-123',
      message: 'Incorrect email format',
    },
  ])("says '$message' and calls nothing $when", async ({ email, password, message }) => {
    const user = userEvent.setup();
    const { fetch } = renderLogin();
    await fillIn(user, email, password);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(sentBody(fetch, 'POST', '/login')).toBeUndefined();
  });

  it("says 'Error logging in' with the server's reason for a wrong password", async () => {
    const user = userEvent.setup();
    const { fetch } = renderLogin({
      'POST /login': () => ({ status: 401, data: null, message: 'Incorrect email or password.' }),
    });
    await fillIn(user, 'dolly@example.com', 'Wrong-123');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error logging in');
    expect(alert).toHaveTextContent('Incorrect email or password.');
    expect(sentBody(fetch, 'POST', '/login')).toEqual({
      email: 'dolly@example.com',
      password: 'Wrong-123',
    });
    expect(getSession()).toBeNull();
  });

  it("accepts the demo name 'admin', stores the session and opens the dashboard", async () => {
    const user = userEvent.setup();
    const { router } = renderLogin({ 'POST /login': signedIn(true) });
    await fillIn(user, 'admin', 'Secret-123');
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(getSession()).toEqual({
      id: 9,
      firstName: 'Dolly',
      isAdmin: true,
      token: 'fresh-token',
    });
  });

  it('refuses a fan: ends the session it opened and stays on the login', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderLogin({
      'POST /login': signedIn(false, 'Ann'),
      'POST /logout': () => ({ status: 200, data: null, message: 'Signed out' }),
    });
    await fillIn(user, 'ann@example.com', 'Secret-123');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error logging in');
    expect(alert).toHaveTextContent('This account cannot use the back-office.');
    expect(sentBody(fetch, 'POST', '/logout')).toBeNull();
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends a signed-in administrator to /admin/dashboard', async () => {
    const { router } = renderLogin({}, ADMIN);
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});

describe('The admin recovery popups', () => {
  const ok = () => ({ status: 200, data: null, message: 'OK' });
  const DOLLY = recoveryBodies({
    email: 'dolly@example.com',
    recoveryCode: 'ABCDE-12345',
    password: 'Strong-Pass-1',
  });
  const dialog = () => within(screen.getByRole('dialog'));
  const press = (user: UserEvent, name: string) =>
    user.click(dialog().getByRole('button', { name }));
  async function enterCode(user: UserEvent, code: string) {
    await user.type(dialog().getByLabelText('Recovery Code'), code);
    await press(user, 'Verify Code');
  }
  async function enterNewPassword(user: UserEvent, password: string) {
    await user.type(await dialog().findByLabelText('New Password'), password);
    await user.type(dialog().getByLabelText('Confirm New Password'), password);
    await press(user, 'Change Password');
  }

  async function openRecovery(user: UserEvent, api: Parameters<typeof renderLogin>[0]) {
    const result = renderLogin(api);
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    return result;
  }

  it('checks each step, then sends, validates and resets with the same email and code', async () => {
    const user = userEvent.setup();
    const { fetch } = await openRecovery(user, {
      'POST /recovery/generate': ok,
      'POST /recovery/validate': ok,
      'POST /recovery/reset': ok,
    });
    await press(user, 'Send Recovery Code');
    expect(dialog().getByRole('alert')).toHaveTextContent(
      'Please enter an email to send our recovery code',
    );
    await user.type(dialog().getByLabelText('Email Address'), 'dolly@');
    await press(user, 'Send Recovery Code');
    expect(dialog().getByRole('alert')).toHaveTextContent('Invalid email address');
    await user.type(dialog().getByLabelText('Email Address'), 'example.com');
    await press(user, 'Send Recovery Code');

    expect(await dialog().findByLabelText('Recovery Code')).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'generate')).toEqual(DOLLY.generate);
    await press(user, 'Verify Code');
    expect(dialog().getByRole('alert')).toHaveTextContent('Please fill out all fields');
    await enterCode(user, 'ABCDE-12345');

    expect(await dialog().findByLabelText('New Password')).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'validate')).toEqual(DOLLY.validate);
    await user.type(dialog().getByLabelText('New Password'), 'weak');
    await user.type(dialog().getByLabelText('Confirm New Password'), 'weak');
    await press(user, 'Change Password');
    expect(dialog().getByRole('alert')).toHaveTextContent('New password not in correct format');
    await user.clear(dialog().getByLabelText('New Password'));
    await user.type(dialog().getByLabelText('New Password'), 'Strong-Pass-1');
    await press(user, 'Change Password');
    expect(dialog().getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.clear(dialog().getByLabelText('Confirm New Password'));
    await user.type(dialog().getByLabelText('Confirm New Password'), 'Strong-Pass-1');
    await press(user, 'Change Password');

    expect(await dialog().findByRole('status')).toHaveTextContent('Password Changed Successfully');
    expect(sentToRecovery(fetch, 'reset')).toEqual(DOLLY.reset);
  });

  it('hides each message after 3 s, and the success message closes the flow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openRecovery(user, {
      'POST /recovery/generate': () => ({ status: 500, data: null, message: 'Boom' }),
      'POST /recovery/validate': ok,
      'POST /recovery/reset': ok,
    });
    await user.type(dialog().getByLabelText('Email Address'), 'dolly@example.com');
    await press(user, 'Send Recovery Code');
    expect(await dialog().findByRole('alert')).toHaveTextContent(
      'Error sending recovery code, check your email address',
    );
    act(() => vi.advanceTimersByTime(2900));
    expect(dialog().getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(dialog().queryByRole('alert')).not.toBeInTheDocument();

    await user.click(dialog().getByRole('button', { name: 'Already have a recovery code?' }));
    await enterCode(user, 'ABCDE-12345');
    await enterNewPassword(user, 'Strong-Pass-1');
    expect(await dialog().findByRole('status')).toHaveTextContent('Password Changed Successfully');
    act(() => vi.advanceTimersByTime(3100));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Error validating code, double check your email' when the code is refused", async () => {
    const user = userEvent.setup();
    await openRecovery(user, {
      'POST /recovery/validate': () => ({ status: 400, data: null, message: 'Nope' }),
    });
    await user.type(dialog().getByLabelText('Email Address'), 'dolly@example.com');
    await user.click(dialog().getByRole('button', { name: 'Already have a recovery code?' }));
    await enterCode(user, 'WRONG-00000');
    expect(await dialog().findByRole('alert')).toHaveTextContent(
      'Error validating code, double check your email',
    );
  });

  it("shows 'Error updating your password, please try again later' when the reset fails", async () => {
    const user = userEvent.setup();
    await openRecovery(user, {
      'POST /recovery/validate': ok,
      'POST /recovery/reset': () => ({ status: 400, data: null, message: 'Expired' }),
    });
    await user.type(dialog().getByLabelText('Email Address'), 'dolly@example.com');
    await user.click(dialog().getByRole('button', { name: 'Already have a recovery code?' }));
    await enterCode(user, 'ABCDE-12345');
    await enterNewPassword(user, 'Strong-Pass-1');
    expect(await dialog().findByRole('alert')).toHaveTextContent(
      'Error updating your password, please try again later',
    );
  });
});
