import type { FastifyInstance } from 'fastify';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import { idParam } from '@shared/schemas/fields.js';
import {
  addPasskeyBody,
  passkeyListing,
  renamePasskeyBody,
  type PasskeyListing,
} from '@shared/schemas/passkeys.js';
import { passwordAgainBody } from '@shared/schemas/second-factor.js';
import { badRequest, conflict, notFound } from '@server/lib/http-errors.js';
import { created, ok } from '@server/lib/reply.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { callerOf } from '@server/plugins/authentication.js';
import { releaseEnrolmentHold, revokeUserSessions } from '../auth/session-repository.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import { confirmPasswordAgain } from '../second-factor/password-again.js';
import {
  hasSecondFactor,
  isSecondFactorRequired,
  lockSecondFactors,
} from '../second-factor/second-factor-repository.js';
import { clientChallengeOf } from './client-challenge.js';
import { registrationAnswerExample } from './passkey-examples.js';
import {
  deletePasskey,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  saveWebauthnChallenge,
  takeWebauthnChallenge,
  type PasskeyRow,
} from './passkeys-repository.js';
import { relyingPartyOf, userHandleOf } from './relying-party.js';
import { webauthn } from './webauthn.js';

const listing = (row: PasskeyRow): PasskeyListing => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const examplePasskey: PasskeyListing = {
  id: 3,
  name: 'MacBook Touch ID',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
};

const passwordExample = {
  again: { summary: 'Your own password, again', value: { password: 'Steel-Guitar-1959' } },
};

/** The options a browser passes to navigator.credentials.create/get, as the library makes them. */
const ceremonyOptions = z.looseObject({ challenge: z.string() });

/**
 * An administrator's passkeys: register (password again, then the browser's answer), list,
 * rename, remove. A first passkey turns the second factor on as a first authenticator code does.
 */
export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rp = () => relyingPartyOf(app.config.PUBLIC_URL, app.config.BRAND_NAME);

  routes.get(
    '/admin/passkeys',
    {
      config: { access: 'admin', duringEnrolment: true },
      schema: {
        summary: 'Your passkeys',
        tags: ['second factor'],
        response: {
          200: answerWithExample(z.array(passkeyListing), {
            status: 200,
            data: [examplePasskey],
            message: 'OK',
          }),
        },
      },
    },
    async (request) => ok((await listPasskeys(app.db, callerOf(request).id)).map(listing)),
  );

  routes.post(
    '/admin/passkeys/options',
    {
      config: { access: 'admin', changes: NOTHING, duringEnrolment: true },
      schema: {
        summary: 'Start registering a passkey (asks for your password again)',
        description:
          "Answers the options for the browser's navigator.credentials.create (with @simplewebauthn/browser: startRegistration). The relying party is PUBLIC_URL's host; the options last 5 minutes.",
        tags: ['second factor'],
        body: bodyWithExamples(passwordAgainBody, passwordExample),
        response: {
          200: answerWithExample(ceremonyOptions, {
            status: 200,
            data: { challenge: 'r3G1sTrAt10nCh4lL3nGe', rp: { name: 'Twang', id: 'localhost' } },
            message: 'OK',
          }),
          ...errorResponses({ 403: 'The password given again is not right.' }),
        },
      },
    },
    async (request) => {
      const user = await confirmPasswordAgain(app, request, request.body.password);
      const party = rp();
      const existing = await listPasskeys(app.db, user.id);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName: party.name,
        rpID: party.id,
        userName: user.email,
        userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
        userID: userHandleOf(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId })),
        // Resident keys make the usernameless sign-in possible.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await saveWebauthnChallenge(
        app.db,
        options.challenge,
        { purpose: 'register', userId: user.id, loginChallengeHash: null },
        app.clock(),
      );
      return ok({ ...options });
    },
  );

  routes.post(
    '/admin/passkeys',
    {
      config: { access: 'admin', changes: ['viewers'], duringEnrolment: true },
      schema: {
        summary: "Register a passkey with the browser's answer",
        description:
          'A first passkey, when no authenticator app is on, turns the second factor on: the account’s other sessions end.',
        tags: ['second factor'],
        body: bodyWithExamples(addPasskeyBody, {
          laptop: {
            summary: "A name, and the browser's answer to the options",
            value: { name: 'MacBook Touch ID', response: registrationAnswerExample },
          },
        }),
        response: {
          201: answerWithExample(passkeyListing, {
            status: 201,
            data: examplePasskey,
            message: m.passkeyAdded,
          }),
          ...errorResponses({
            400: 'The answer is not for these options, this site, or is not valid.',
            409: 'That passkey is registered already.',
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { name, response } = request.body;
      const challenge = clientChallengeOf(response);
      const party = rp();
      // Spent before it is checked, outside the transaction: a failed answer uses it up too.
      const ceremony = await takeWebauthnChallenge(app.db, challenge, 'register', app.clock());
      if (!ceremony || ceremony.userId !== caller.id) throw badRequest(m.passkeyChallengeExpired);
      // Checked before the transaction: no pooled connection waits on the signature's check.
      const { verifyRegistrationResponse } = await webauthn();
      const verified = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        requireUserVerification: false,
      }).catch(() => null);
      if (!verified?.verified) throw badRequest(m.passkeyNotVerified);
      const { credential } = verified.registrationInfo;
      const { row, firstFactor } = await app.db.transaction(async (tx) => {
        await lockSecondFactors(tx, caller.id);
        const first = !(await hasSecondFactor(tx, caller.id));
        const added = await insertPasskey(tx, {
          userId: caller.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        });
        if (!added) throw conflict(m.passkeyTaken);
        if (first) {
          await revokeUserSessions(tx, caller.id, caller.tokenHash);
          await releaseEnrolmentHold(tx, caller.tokenHash);
        }
        return { row: added, firstFactor: first };
      });
      // As with the app's first code: a password-only sign-in that checked just before this
      // committed may have opened its session since; it ends too.
      if (firstFactor) await revokeUserSessions(app.db, caller.id, caller.tokenHash);
      return created(reply, listing(row), m.passkeyAdded);
    },
  );

  routes.put(
    '/admin/passkeys/:id',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Rename one of your passkeys',
        tags: ['second factor'],
        params: z.object({ id: idParam }),
        body: bodyWithExamples(renamePasskeyBody, {
          rename: { summary: 'A clearer name', value: { name: 'YubiKey 5C' } },
        }),
        response: {
          200: answerWithExample(passkeyListing, {
            status: 200,
            data: { ...examplePasskey, name: 'YubiKey 5C' },
            message: m.passkeyRenamed,
          }),
          ...errorResponses({ 404: 'You have no passkey with that id.' }),
        },
      },
    },
    async (request) => {
      const row = await renamePasskey(
        app.db,
        callerOf(request).id,
        request.params.id,
        request.body.name,
      );
      if (!row) throw notFound(m.passkeyNotFound);
      return ok(listing(row), m.passkeyRenamed);
    },
  );

  routes.delete(
    '/admin/passkeys/:id',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Remove one of your passkeys (asks for your password again)',
        description:
          'The last second factor cannot be removed while every administrator must have one.',
        tags: ['second factor'],
        params: z.object({ id: idParam }),
        body: bodyWithExamples(passwordAgainBody, passwordExample),
        response: {
          200: answerWithExample(passkeyListing, {
            status: 200,
            data: examplePasskey,
            message: m.passkeyRemoved,
          }),
          ...errorResponses({
            403: 'The password given again is not right.',
            404: 'You have no passkey with that id.',
            409: 'It is your last second factor, and every administrator must have one.',
          }),
        },
      },
    },
    async (request) => {
      const user = await confirmPasswordAgain(app, request, request.body.password);
      const row = await app.db.transaction(async (tx) => {
        await lockSecondFactors(tx, user.id);
        const removed = await deletePasskey(tx, user.id, request.params.id);
        if (!removed) throw notFound(m.passkeyNotFound);
        if (!(await hasSecondFactor(tx, user.id)) && (await isSecondFactorRequired(tx))) {
          throw conflict(m.lastFactorRequired);
        }
        return removed;
      });
      return ok(listing(row), m.passkeyRemoved);
    },
  );
}
