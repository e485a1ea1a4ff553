import type { FastifyInstance } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '@shared/messages/api.js';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import { passkeyOptionsBody, passkeySignInBody } from '@shared/schemas/passkeys.js';
import { unauthorized } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { hashToken } from '../auth/session-repository.js';
import {
  answerSession,
  openSignedInSession,
  signedInAnswer,
  userAgentOf,
} from '../auth/sign-in.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import {
  closeLoginChallenge,
  peekLoginChallenge,
  takeChallengeTry,
} from '../second-factor/login-challenges.js';
import { findUserById } from '../users/users-repository.js';
import { clientChallengeOf } from './client-challenge.js';
import { authenticationAnswerExample } from './passkey-examples.js';
import {
  findPasskeyByCredential,
  listPasskeys,
  recordPasskeyUse,
  saveWebauthnChallenge,
  takeWebauthnChallenge,
} from './passkeys-repository.js';
import { isUserHandleOf, relyingPartyOf } from './relying-party.js';
import { webauthn } from './webauthn.js';
import { LIMITS, routeLimit } from '../abuse/abuse-limits.js';

const ceremonyOptions = z.looseObject({ challenge: z.string() });

/**
 * Signing in with a passkey: on its own (usernameless: the passkey names its administrator, and
 * the authenticator verifies its user), or as the second step after a password's 202.
 */
export async function passkeySignInRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rp = () => relyingPartyOf(app.config.PUBLIC_URL, app.config.BRAND_NAME);

  routes.post(
    '/login/passkey/options',
    {
      config: { access: 'public', changes: NOTHING, ...routeLimit(app, LIMITS.passkeyPrompts) },
      schema: {
        summary: 'Start signing in with a passkey',
        description:
          "Without a body's challenge: a usernameless sign-in (the browser offers the site's passkeys). With the challenge a 202 from POST /api/login answered: the passkey is that account's second factor. Answers the options for navigator.credentials.get (startAuthentication).",
        tags: ['auth'],
        body: bodyWithExamples(passkeyOptionsBody, {
          alone: { summary: 'A passkey alone (usernameless)', value: {} },
          secondStep: {
            summary: "The second step, with the login's 202 challenge",
            value: { challenge: 'q8Jc2mVb7hX1dLr0yTtZ4nKpW9sA3uEeGfHiJkLmNoP' },
          },
        }),
        response: {
          200: answerWithExample(ceremonyOptions, {
            status: 200,
            data: { challenge: 'aUtH3nT1c4t10nCh4lL3nGe', rpId: 'localhost' },
            message: 'OK',
          }),
          ...errorResponses({
            401: 'The login challenge expired or took too many tries.',
            429: 'Too many passkey prompts from this address.',
          }),
        },
      },
    },
    async (request) => {
      const loginChallenge = request.body.challenge;
      const login = loginChallenge
        ? await peekLoginChallenge(app.db, loginChallenge, app.clock())
        : null;
      if (loginChallenge && !login) throw unauthorized(m.challengeExpired);
      const allowed = login ? await listPasskeys(app.db, login.userId) : [];
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID: rp().id,
        allowCredentials: allowed.map((passkey) => ({ id: passkey.credentialId })),
        // Alone, a passkey is the whole sign-in: its user must be verified (PIN, biometrics).
        userVerification: login ? 'preferred' : 'required',
      });
      await saveWebauthnChallenge(
        app.db,
        options.challenge,
        {
          purpose: 'sign-in',
          userId: login?.userId ?? null,
          loginChallengeHash: loginChallenge ? hashToken(loginChallenge) : null,
        },
        app.clock(),
      );
      return ok({ ...options });
    },
  );

  routes.post(
    '/login/passkey',
    {
      config: { access: 'public', changes: NOTHING },
      schema: {
        summary: "Sign in with the browser's passkey answer",
        tags: ['auth'],
        body: bodyWithExamples(passkeySignInBody, {
          alone: {
            summary: "The browser's answer to a usernameless prompt",
            value: { response: authenticationAnswerExample },
          },
          secondStep: {
            summary: "The second step: the login's challenge, and the answer",
            value: {
              challenge: 'q8Jc2mVb7hX1dLr0yTtZ4nKpW9sA3uEeGfHiJkLmNoP',
              response: authenticationAnswerExample,
            },
          },
        }),
        response: {
          201: signedInAnswer(apiMessages.loggedIn, true),
          ...errorResponses({
            400: 'The answer is not a WebAuthn answer.',
            401: 'Unknown passkey, a used or expired prompt, or an answer that does not verify.',
            429: 'Too many failed answers from this address.',
          }),
        },
      },
    },
    async (request, reply) => {
      const { response, challenge: loginChallenge } = request.body;
      // A signature cannot be guessed; what is limited is an address sending answers that fail.
      // No account is counted: a forged answer naming an admin's credential must not lock them out.
      const address = [`ip:${request.ip}`];
      await app.abuse.secondFactor.check(address);
      const refuse = async (message: string) => {
        await app.abuse.secondFactor.fail(address);
        return unauthorized(message);
      };
      const challenge = clientChallengeOf(response);
      const now = app.clock();
      const ceremony = await takeWebauthnChallenge(app.db, challenge, 'sign-in', now);
      const sentLogin = loginChallenge ? hashToken(loginChallenge) : null;
      if (!ceremony || ceremony.loginChallengeHash !== sentLogin) {
        throw await refuse(m.passkeyChallengeExpired);
      }
      const passkey = await findPasskeyByCredential(app.db, response.id);
      const user = passkey && (await findUserById(app.db, passkey.userId));
      const owner = ceremony.userId === null || ceremony.userId === passkey?.userId;
      if (!passkey || !user?.isAdmin || !owner) throw await refuse(m.passkeyUnknown);
      // The library does not read the user handle: alone, the passkey must name its own account.
      const handle = response.response.userHandle;
      const handleNeeded = ceremony.userId === null || handle !== undefined;
      if (handleNeeded && !isUserHandleOf(handle, user.id)) throw await refuse(m.passkeyUnknown);
      const party = rp();
      const { verifyAuthenticationResponse } = await webauthn();
      const verified = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
        },
        requireUserVerification: ceremony.userId === null,
      }).catch(() => null);
      if (!verified?.verified) throw await refuse(m.passkeyNotVerified);
      const userAgent = userAgentOf(request.headers);
      const token = await app.db.transaction(async (tx) => {
        if (!(await recordPasskeyUse(tx, passkey.id, verified.authenticationInfo.newCounter))) {
          throw unauthorized(m.passkeyNotVerified);
        }
        let checked = user;
        if (loginChallenge) {
          // The second step: the password's challenge ends here, and only while that password holds.
          const login = await takeChallengeTry(tx, loginChallenge, now);
          if (!login || !(await closeLoginChallenge(tx, loginChallenge))) {
            throw unauthorized(m.challengeExpired);
          }
          checked = { ...user, passwordHash: login.checkedPasswordHash };
        }
        return openSignedInSession(app, tx, checked, { userAgent, secondFactorPassed: true });
      });
      return answerSession(reply, user, token, apiMessages.loggedIn);
    },
  );
}
