import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { callApi, register, signedInUser } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it.each([
    'Password1',
    'Qwerty123',
    'Dragon2024!',
    '2024Monkey',
    'Iloveyou1',
    'Letmein99',
    'Baseball#1',
  ])('knows %s, a listed word dressed up', (password) =>
    expect(isCommonPassword(password)).toBe(true),
  );

  it.each(['Twang-Fiddle-42', 'Opal-Ransom-Porch7', 'Zq8-Lk2-Vb5x', 'Aa1!'])(
    'lets %s through',
    (password) => expect(isCommonPassword(password)).toBe(false),
  );
});

describe('routes that set a password refuse common ones', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('on sign-up and on a password change, with a message that says why', async () => {
    const signUp = await register(t.app, { password: 'Password1' });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.body.message).toBe(apiMessages.passwordTooCommon);

    const user = await signedInUser(t.app);
    const change = await callApi(t.app, 'PUT', '/api/users/password', {
      token: user.token,
      body: { userId: user.id, currentPassword: user.password, newPassword: 'Football2023' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.body.message).toBe(apiMessages.passwordTooCommon);
  });
});
