import { useMutation } from '@tanstack/react-query';
import type {
  RecoveryGenerateBody,
  RecoveryResetBody,
  RecoveryValidateBody,
} from '@shared/schemas/recovery.js';
import { apiCall } from './api-client.js';

// Apart from auth-calls.ts: every page loads that one (sign out), these only with a recovery form.

/** Each recovery call answers the server's message; a failure throws ApiError with it. */
async function post(path: string, body: object): Promise<string> {
  return (await apiCall<null>('POST', path, { body })).message;
}

export const useGenerateRecoveryCode = () =>
  useMutation({ mutationFn: (body: RecoveryGenerateBody) => post('/recovery/generate', body) });

export const useValidateRecoveryCode = () =>
  useMutation({ mutationFn: (body: RecoveryValidateBody) => post('/recovery/validate', body) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: RecoveryResetBody) => post('/recovery/reset', body) });
