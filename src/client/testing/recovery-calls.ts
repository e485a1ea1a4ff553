import { sentBody, type FetchMock } from './fetch-calls.js';

/** What one password recovery is made with. */
export interface RecoveryAnswers {
  email: string;
  recoveryCode: string;
  password: string;
}

/** The body each recovery step sends: each carries what the steps before it already asked for. */
export function recoveryBodies({ email, recoveryCode, password }: RecoveryAnswers) {
  return {
    generate: { email },
    validate: { email, recoveryCode },
    reset: { email, recoveryCode, password },
  };
}

type RecoveryStep = keyof ReturnType<typeof recoveryBodies>;

/** The body the step's endpoint last got: undefined when it was never called. */
export const sentToRecovery = (fetchMock: FetchMock, step: RecoveryStep) =>
  sentBody(fetchMock, 'POST', `/recovery/${step}`);
