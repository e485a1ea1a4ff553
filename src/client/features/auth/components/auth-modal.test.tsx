import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAuthModal, openAuthModal, setAuthView } from '@client/lib/auth-modal.js';
import { clearSession, getSession } from '@client/lib/session.js';
import { openAuthForm, renderAuthModal, sentBody, TOKEN } from '../testing/render-auth-modal.js';
import { AUTH_RESET_MS } from './auth-modal.js';

afterEach(() => {
  vi.useRealTimers();
  act(() => {
    closeAuthModal();
    setAuthView('signIn');
    clearSession();
  });
});

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;
const title = () => screen.getByRole('heading', { level: 2, hidden: true }).textContent;

describe('AuthModal views', () => {
  it('opens on Sign In with focus on the email field', async () => {
    renderAuthModal('signIn');
    expect(title()).toBe('Sign In');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('links Sign In to Sign Up and Forgot Password, and Sign Up back to Sign In', async () => {
    const user = userEvent.setup();
    renderAuthModal('signIn');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(title()).toBe('Sign Up');
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(title()).toBe('Sign In');
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(title()).toBe('Forgot Password');
    expect(
      screen.getByText('Enter your email address to receive a recovery code.'),
    ).toBeInTheDocument();
  });

  it('does not close on Escape or on a click outside, but closes with its × button', async () => {
    const user = userEvent.setup();
    renderAuthModal('signIn');
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog(), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    fireEvent.click(dialog());
    await user.keyboard('{Escape}');
    expect(dialog()).toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).not.toHaveAttribute('open');
  });

  it('goes back to Sign In 300 ms after closing, not before', () => {
    vi.useFakeTimers();
    renderAuthModal('signUp');
    expect(title()).toBe('Sign Up');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(AUTH_RESET_MS - 1));
    expect(title()).toBe('Sign Up');
    act(() => vi.advanceTimersByTime(1));
    expect(title()).toBe('Sign In');
    expect(AUTH_RESET_MS).toBe(300);
  });

  it('keeps the view when it is opened again within the 300 ms', () => {
    vi.useFakeTimers();
    renderAuthModal('forgotPassword');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(100));
    act(() => openAuthModal('forgotPassword'));
    act(() => vi.advanceTimersByTime(AUTH_RESET_MS));
    expect(title()).toBe('Forgot Password');
    expect(dialog()).toHaveAttribute('open');
  });
});

describe('Sign In', () => {
  it("asks for the email and password: 'Email is required', 'Password is required'", async () => {
    const user = userEvent.setup();
    const { fetch } = await openAuthForm('signIn');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalledWith('/api/login', expect.anything());
  });

  it("says 'Email is invalid' for a malformed email, and accepts the literals user and admin", async () => {
    const user = userEvent.setup();
    await openAuthForm('signIn');
    await user.type(screen.getByLabelText('Email'), 'bob');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    for (const literal of ['user', 'admin', 'bob@example.com']) {
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), literal);
      expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument();
    }
  });

  it('stores the session from a 201 (token from the authorization header) and closes', async () => {
    const user = userEvent.setup();
    const { fetch } = await openAuthForm('signIn', {
      'POST /login': () => ({ status: 201, data: { userid: 7, firstName: 'Ann', isAdmin: false } }),
    });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    await waitFor(() => expect(getSession()).not.toBeNull());
    expect(getSession()).toEqual({ id: 7, firstName: 'Ann', isAdmin: false, token: TOKEN });
    expect(JSON.parse(localStorage.getItem('session') ?? '{}')).toMatchObject({ token: TOKEN });
    expect(sentBody(fetch, 'POST', '/login')).toEqual({
      email: 'ann@example.com',
      password: 'secret',
    });
    expect(dialog()).not.toHaveAttribute('open');
  });

  it('does not sign in on a 200: only 201 is success', async () => {
    const user = userEvent.setup();
    await openAuthForm('signIn', {
      'POST /login': () => ({
        status: 200,
        data: { userid: 7, firstName: 'Ann', isAdmin: false },
        message: 'Not quite',
      }),
    });
    await user.type(screen.getByLabelText('Email'), 'user');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not quite');
    expect(getSession()).toBeNull();
    expect(dialog()).toHaveAttribute('open');
  });

  it("shows the server's message in the form's error area", async () => {
    const user = userEvent.setup();
    await openAuthForm('signIn', {
      'POST /login': () => ({ status: 401, data: null, message: 'Incorrect email or password.' }),
    });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(getSession()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('disables the button while the call is on its way', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await openAuthForm(
      'signIn',
      { 'POST /login': () => ({ status: 401, data: null, message: 'No' }) },
      gate,
    );
    await user.type(screen.getByLabelText('Email'), 'user');
    await user.type(screen.getByLabelText('Password'), 'x{Enter}');
    expect(await screen.findByRole('button', { name: 'Signing In…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
