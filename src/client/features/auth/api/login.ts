import { useMutation } from '@tanstack/react-query';
import { login } from '@client/lib/auth-calls.js';
import { useStartSession } from './use-start-session.js';

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
