import type { FastifyInstance } from 'fastify';
import { deleteExpiredWebauthnChallenges } from '../passkeys/passkeys-repository.js';
import { deleteExpiredChallenges } from '../second-factor/login-challenges.js';
import { deleteExpiredSessions } from './session-repository.js';

const HOUR_MS = 60 * 60 * 1000;

/** Clears ended sessions, login challenges and passkey prompts every hour (each instance does; the delete is idempotent). */
export function registerSessionSweeper(app: FastifyInstance): void {
  const sweep = async () => {
    try {
      const removed = await deleteExpiredSessions(app.db);
      if (removed > 0) app.log.info({ removed }, 'expired sessions deleted');
      await deleteExpiredChallenges(app.db, app.clock());
      await deleteExpiredWebauthnChallenges(app.db, app.clock());
    } catch (error) {
      app.log.warn({ err: error }, 'expired sessions could not be deleted');
    }
  };
  const timer = setInterval(() => void sweep(), HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
