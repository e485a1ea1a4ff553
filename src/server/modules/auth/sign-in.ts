import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '@server/db/client.js';
import { apiMessages } from '@shared/messages/api.js';
import type { SessionUser } from '@shared/schemas/auth.js';
import { unauthorized } from '@server/lib/http-errors.js';
import { created } from '@server/lib/reply.js';
import { touchLastLogin, type UserRow } from '../users/users-repository.js';
import { newDeviceMail } from '../second-factor/second-factor-mail.js';
import { deviceName } from './device-name.js';
import { createSession, isKnownDevice, type SessionOptions } from './session-repository.js';
import { answerCreated } from '@server/lib/answer-created.js';
import { exampleAccount } from '@server/lib/api-examples.js';
import { sessionUser } from '@shared/schemas/auth.js';

/** How the session is opened: the device, and what the sign-in passed or still owes. */
export type SignIn = SessionOptions & { userAgent: string };

/**
 * Opens a session (inside `db`'s transaction when given one) and answers its token. An
 * administrator signed in from a device none of their sessions has is told by mail.
 */
export async function openSignedInSession(
  app: FastifyInstance,
  db: Database,
  user: UserRow,
  signIn: SignIn,
): Promise<string> {
  const newDevice = user.isAdmin && !(await isKnownDevice(db, user.id, signIn.userAgent));
  const token = await createSession(db, user.id, user.passwordHash, signIn);
  // The password changed, or the account went, while the password was being checked.
  if (!token) throw unauthorized(apiMessages.loginFailed);
  await touchLastLogin(db, user.id);
  if (newDevice) {
    const at = app.clock();
    // The sign-in stands whether or not the mail goes, naming the device included (its parser
    // loads on first use): neither waits inside the sign-in's transaction.
    void deviceName(signIn.userAgent)
      .then((device) =>
        app.mailer.send(newDeviceMail(app.config.BRAND_NAME, user.email, device, at)),
      )
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'new sign-in mail not sent');
      });
  }
  return token;
}

/** Answers 201 with the token in the authorization header. */
export function answerSession(reply: FastifyReply, user: UserRow, token: string, message: string) {
  void reply.header('authorization', `Bearer ${token}`);
  const data: SessionUser = { userid: user.id, firstName: user.firstName, isAdmin: user.isAdmin };
  return created(reply, data, message);
}

export const userAgentOf = (headers: { 'user-agent'?: string | undefined }): string =>
  headers['user-agent'] ?? '';

/** The 201 a sign-in answers, as the OpenAPI document shows it. */
export const signedInAnswer = (message: string, isAdmin = false) =>
  answerCreated(
    sessionUser,
    { userid: exampleAccount.id, firstName: exampleAccount.first_name, isAdmin },
    message,
  ).describe(
    'Signed in: the token is in the `authorization` response header (`Bearer <token>`); send it back the same way.',
  );
