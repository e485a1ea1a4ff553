import type { FastifyInstance } from 'fastify';
import { createSecretBox, secondFactorKey, type SecretBox } from './secret-box.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals authenticator secrets; null when this server has no key to do it safely. */
    secondFactorBox: () => SecretBox | null;
  }
}

/** The box is made at first need: a key file is only written once someone enrols. */
export function registerSecondFactorBox(app: FastifyInstance): void {
  let box: SecretBox | null | undefined;
  app.decorate('secondFactorBox', () => {
    if (box !== undefined) return box;
    const inMemory = app.config.DATABASE_URL?.startsWith('memory://') ?? false;
    const key = secondFactorKey({
      configured: app.config.SECOND_FACTOR_KEY,
      databaseKind: app.database.kind,
      dataDir: inMemory ? undefined : app.config.DATA_DIR,
    });
    box = key ? createSecretBox(key) : null;
    return box;
  });
}
