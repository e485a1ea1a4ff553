import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiCall } from '@client/lib/api-client.js';
import { clearSession } from '@client/lib/session.js';

/** Deletes the signed-in account; on success the visitor is signed out and sent home. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (id: number) => apiCall<null>('DELETE', '/users', { body: { id } }),
    onSuccess: () => {
      void navigate('/', { replace: true });
      clearSession();
      // Nothing cached for the deleted account may show to whoever signs in next.
      queryClient.clear();
    },
  });
}
