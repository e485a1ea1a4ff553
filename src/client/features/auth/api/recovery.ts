import { useMutation } from '@tanstack/react-query';
import type {
  RecoveryGenerateBody,
  RecoveryResetBody,
  RecoveryValidateBody,
} from '../../../../shared/schemas/recovery.js';
import { apiCall } from '../../../lib/api-client.js';

/** Each call answers the server's message; a failure throws ApiError with the server's message. */
async function post(path: string, body: object): Promise<string> {
  return (await apiCall<null>('POST', path, { body })).message;
}

export const useGenerateRecoveryCode = () =>
  useMutation({ mutationFn: (body: RecoveryGenerateBody) => post('/recovery/generate', body) });

export const useValidateRecoveryCode = () =>
  useMutation({ mutationFn: (body: RecoveryValidateBody) => post('/recovery/validate', body) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: RecoveryResetBody) => post('/recovery/reset', body) });
