import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { formsUiMessages } from '@shared/messages/forms-ui.js';
import { latestAllowedBirthday } from '@shared/validation.js';
import { closeAuthModal, setAuthView } from '@client/lib/auth-modal.js';
import { clearSession, getSession } from '@client/lib/session.js';
import { openAuthForm, sentBody, TOKEN } from '../testing/render-auth-modal.js';

afterEach(() => {
  act(() => {
    closeAuthModal();
    setAuthView('signIn');
    clearSession();
  });
});

const field = (label: string) => screen.getByLabelText(label);
/** The password's rule, said under it from the start. */
const HINT = formsUiMessages.passwordHint;
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Sign Up' }));

async function fillValid(user: UserEvent) {
  await user.type(field('First Name'), 'Ann');
  await user.type(field('Last Name'), 'Lee');
  await user.type(field('Zip Code'), '37203');
  await user.type(field('Birthday'), '1990-05-04');
  await user.type(field('Email'), 'ann@example.com');
  await user.type(field('Password'), 'Secret123');
  await user.type(field('Confirm Password'), 'Secret123');
}

describe('Sign Up', () => {
  it('names every missing field with the spec texts', async () => {
    const user = userEvent.setup();
    await openAuthForm('signUp');
    await submit(user);
    const expected: [string, string][] = [
      ['First Name', 'First name is required'],
      ['Last Name', 'Last name is required'],
      ['Zip Code', 'Zip code is required'],
      ['Birthday', 'Birthday is required'],
      ['Email', 'Email is required'],
      ['Password', `Password is required ${HINT}`],
      ['Confirm Password', 'Confirm password is required'],
    ];
    for (const [label, message] of expected) {
      expect(field(label)).toHaveAccessibleDescription(message);
    }
    expect(field('First Name')).toHaveFocus();
  });

  it("says 'Please enter a valid email address', and accepts the literal 'user'", async () => {
    const user = userEvent.setup();
    await openAuthForm('signUp');
    await user.type(field('Email'), 'ann@');
    await submit(user);
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'user');
    expect(field('Email')).not.toHaveAccessibleDescription();
  });

  it('refuses anyone under 13; the date input stops at today minus 13 years', async () => {
    const user = userEvent.setup();
    await openAuthForm('signUp');
    expect(field('Birthday')).toHaveAttribute('type', 'date');
    expect(field('Birthday')).toHaveAttribute('max', latestAllowedBirthday());
    const tooYoung = `${new Date().getFullYear() - 12}-01-01`;
    await user.type(field('Birthday'), tooYoung);
    await submit(user);
    expect(field('Birthday')).toHaveAccessibleDescription(
      'You are not old enough to create an account.',
    );
    await user.clear(field('Birthday'));
    await user.type(field('Birthday'), latestAllowedBirthday());
    expect(field('Birthday')).not.toHaveAccessibleDescription();
  });

  it('applies the password rule and the confirmation match', async () => {
    const user = userEvent.setup();
    await openAuthForm('signUp');
    await user.type(field('Password'), 'alllowercase1');
    await user.type(field('Confirm Password'), 'different');
    await submit(user);
    expect(field('Password')).toHaveAccessibleDescription(
      `Password does not meet requirements: 1 uppercase, 1 lowercase, 1 number, 1 special character, 8 characters ${HINT}`,
    );
    expect(field('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
    // No special character is demanded, whatever the message says.
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Different1');
    expect(field('Password')).toHaveAccessibleDescription(HINT);
  });

  it('keeps every input as short as the API wants it', async () => {
    await openAuthForm('signUp');
    const limits: [string, string][] = [
      ['First Name', '100'],
      ['Last Name', '100'],
      ['Zip Code', '20'],
      ['Email', '254'],
      ['Password', '128'],
      ['Confirm Password', '128'],
    ];
    for (const [label, max] of limits) expect(field(label)).toHaveAttribute('maxlength', max);
  });

  it('shows a password too common under the Password field, not in a banner', async () => {
    const user = userEvent.setup();
    await openAuthForm('signUp', {
      'POST /register': () => ({ status: 400, data: null, message: apiMessages.passwordTooCommon }),
    });
    await fillValid(user);
    await submit(user);
    await waitFor(() =>
      expect(field('Password')).toHaveAccessibleDescription(
        `${apiMessages.passwordTooCommon} ${HINT}`,
      ),
    );
    expect(field('Password')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it("registers with newsletter '1' by default and stores the session from the 201", async () => {
    const user = userEvent.setup();
    const { fetch } = await openAuthForm('signUp', {
      'POST /register': () => ({
        status: 201,
        data: { userid: 12, firstName: 'Ann', isAdmin: false },
      }),
    });
    expect(screen.getByRole('checkbox', { name: 'Subscribe to the newsletter' })).toBeChecked();
    await fillValid(user);
    await submit(user);
    await waitFor(() =>
      expect(getSession()).toEqual({ id: 12, firstName: 'Ann', isAdmin: false, token: TOKEN }),
    );
    expect(sentBody(fetch, 'POST', '/register')).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      zipCode: '37203',
      birthday: '1990-05-04',
      email: 'ann@example.com',
      password: 'Secret123',
      newsletter: '1',
    });
    expect(document.querySelector('dialog')).not.toHaveAttribute('open');
  });

  it("sends newsletter '0' when unchecked, and shows a taken email under Email", async () => {
    const user = userEvent.setup();
    const { fetch } = await openAuthForm('signUp', {
      'POST /register': () => ({
        status: 409,
        data: null,
        message: 'An account with this email already exists.',
      }),
    });
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: 'Subscribe to the newsletter' }));
    await submit(user);
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(apiMessages.emailTaken));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sentBody(fetch, 'POST', '/register')).toMatchObject({ newsletter: '0' });
    expect(getSession()).toBeNull();
  });
});
