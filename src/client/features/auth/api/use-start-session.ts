import { useQueryClient } from '@tanstack/react-query';
import { closeAuthModal } from '../../../lib/auth-modal.js';
import { setSession, type Session } from '../../../lib/session.js';

/** Stores the new session, closes the modal, and refetches what depends on who is signed in (likes). */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    setSession(session);
    closeAuthModal();
    void queryClient.invalidateQueries();
  };
}
