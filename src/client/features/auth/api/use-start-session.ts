import { useQueryClient } from '@tanstack/react-query';
import { closeAuthModal } from '@client/lib/auth-modal.js';
import { setSession, type Session } from '@client/lib/session.js';

/** Stores the new session, closes the modal, and refetches what depends on who is signed in (likes). */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    setSession(session);
    closeAuthModal();
    void queryClient.invalidateQueries();
  };
}
