import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SessionUser } from '../../../../shared/schemas/auth.js';
import { apiCall } from '../../../lib/api-client.js';
import type { Session } from '../../../lib/session.js';
import { toSession } from './to-session.js';
import { useStartSession } from './use-start-session.js';

export async function login(body: LoginBody): Promise<Session> {
  return toSession(await apiCall<SessionUser>('POST', '/login', { body }));
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
