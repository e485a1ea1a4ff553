import { useMutation } from '@tanstack/react-query';
import { login } from '../../../lib/auth-calls.js';
import { useStartSession } from './use-start-session.js';

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
