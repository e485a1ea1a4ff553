import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth.js';
import { apiCall } from '@client/lib/api-client.js';
import type { Session } from '@client/lib/session.js';
import { toSession } from '@client/lib/auth-calls.js';
import { useStartSession } from './use-start-session.js';

/** The spec's registration payload: newsletter travels as '1' or '0'. */
export interface RegisterPayload {
  firstName: string;
  lastName: string;
  zipCode: string;
  birthday: string;
  email: string;
  password: string;
  newsletter: '1' | '0';
}

export async function register(body: RegisterPayload): Promise<Session> {
  return toSession(await apiCall<SessionUser>('POST', '/register', { body }));
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: startSession });
}
