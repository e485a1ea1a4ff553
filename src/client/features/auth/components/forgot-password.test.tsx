import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { formsUiMessages } from '@shared/messages/forms-ui.js';
import { closeAuthModal, setAuthView } from '@client/lib/auth-modal.js';
import { recoveryBodies, sentToRecovery } from '@client/testing/recovery-calls.js';
import { openAuthForm } from '../testing/render-auth-modal.js';

afterEach(() => {
  act(() => {
    closeAuthModal();
    setAuthView('signIn');
  });
});

const RULE =
  'Password does not meet requirements: 1 uppercase, 1 lowercase, 1 number, 1 special character, 8 characters';
/** The new password's rule, said under it from the start. */
const HINT = formsUiMessages.passwordHint;
const ANN = recoveryBodies({
  email: 'ann@example.com',
  recoveryCode: 'ABCDE-FGHJK',
  password: 'NewPass123',
});
const ok = () => ({ status: 200, data: null, message: 'OK' });
const field = (label: string) => screen.getByLabelText(label);
const press = (user: UserEvent, name: string) => user.click(screen.getByRole('button', { name }));
const title = () => screen.getByRole('heading', { level: 2, hidden: true }).textContent;

describe('Forgot Password', () => {
  it('walks EnterEmail -> EnterRecoveryCode -> EnterNewPassword -> Complete -> Sign In', async () => {
    const user = userEvent.setup();
    const { fetch } = await openAuthForm('forgotPassword', {
      'POST /recovery/generate': () => ({
        status: 200,
        data: null,
        message: 'If an account exists for that email, a recovery code is on its way.',
      }),
      'POST /recovery/validate': ok,
      'POST /recovery/reset': ok,
    });
    expect(
      screen.getByText('Enter your email address to receive a recovery code.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(field('Email')).toHaveFocus());
    await press(user, 'Send Recovery Code');
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    await user.type(field('Email'), 'nope');
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ann@example.com{Enter}');

    expect(
      await screen.findByText('Enter the recovery code sent to your email.'),
    ).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'generate')).toEqual(ANN.generate);
    expect(screen.getByRole('status')).toHaveTextContent('a recovery code is on its way');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await press(user, 'Verify Code');
    expect(field('Recovery Code')).toHaveAccessibleDescription('Recovery code is required');
    await user.type(field('Recovery Code'), 'ABCDE-FGHJK{Enter}');

    expect(await screen.findByText('Enter a new password.')).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'validate')).toEqual(ANN.validate);
    await press(user, 'Reset Password');
    expect(field('New Password')).toHaveAccessibleDescription(`Password is required ${HINT}`);
    expect(field('Confirm Password')).toHaveAccessibleDescription('Confirm password is required');
    await user.type(field('New Password'), 'weakpass');
    await user.type(field('Confirm Password'), 'other');
    expect(field('New Password')).toHaveAccessibleDescription(`${RULE} ${HINT}`);
    expect(field('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
    await user.clear(field('New Password'));
    await user.type(field('New Password'), 'NewPass123');
    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), 'NewPass123{Enter}');

    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'reset')).toEqual(ANN.reset);
    await press(user, 'SIGN IN');
    expect(title()).toBe('Sign In');
  });

  it("skips to the code step with 'Already have a recovery code?' and asks for the email there", async () => {
    const user = userEvent.setup();
    const { fetch } = await openAuthForm('forgotPassword', { 'POST /recovery/validate': ok });
    await press(user, 'Already have a recovery code?');
    expect(screen.getByText('Enter the recovery code sent to your email.')).toBeInTheDocument();
    await waitFor(() => expect(field('Email')).toHaveFocus());
    await press(user, 'Verify Code');
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    expect(field('Recovery Code')).toHaveAccessibleDescription('Recovery code is required');
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Recovery Code'), 'abcde-fghjk{Enter}');
    expect(await screen.findByText('Enter a new password.')).toBeInTheDocument();
    expect(sentToRecovery(fetch, 'validate')).toEqual({
      ...ANN.validate,
      recoveryCode: 'abcde-fghjk',
    });
  });

  it("shows the server's message and stays on the step when the code is refused", async () => {
    const user = userEvent.setup();
    await openAuthForm('forgotPassword', {
      'POST /recovery/validate': () => ({
        status: 400,
        data: null,
        message: 'That recovery code is not valid or has expired.',
      }),
    });
    await press(user, 'Already have a recovery code?');
    await user.type(field('Email'), 'user');
    await user.type(field('Recovery Code'), 'WRONG{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That recovery code is not valid or has expired.',
    );
    expect(screen.getByText('Enter the recovery code sent to your email.')).toBeInTheDocument();
  });

  it('shows a new password too common under the field, not in a banner', async () => {
    const user = userEvent.setup();
    await openAuthForm('forgotPassword', {
      'POST /recovery/validate': ok,
      'POST /recovery/reset': () => ({
        status: 400,
        data: null,
        message: apiMessages.passwordTooCommon,
      }),
    });
    await press(user, 'Already have a recovery code?');
    await user.type(field('Email'), 'user');
    await user.type(field('Recovery Code'), 'ABCDE-FGHJK{Enter}');
    await screen.findByText('Enter a new password.');
    await user.type(field('New Password'), 'Password123');
    await user.type(field('Confirm Password'), 'Password123{Enter}');
    await waitFor(() =>
      expect(field('New Password')).toHaveAccessibleDescription(
        `${apiMessages.passwordTooCommon} ${HINT}`,
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message when sending fails", async () => {
    const user = userEvent.setup();
    await openAuthForm('forgotPassword', {
      'POST /recovery/generate': () => ({ status: 400, data: null, message: 'Bad email' }),
    });
    await user.type(field('Email'), 'ann@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad email');
  });

  it('goes back to Sign In from any step', async () => {
    const user = userEvent.setup();
    await openAuthForm('forgotPassword');
    await press(user, 'Already have a recovery code?');
    await press(user, 'Back to Sign In');
    expect(title()).toBe('Sign In');
  });
});
