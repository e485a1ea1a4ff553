import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAdminBody } from '@shared/schemas/people.js';
import { apiCall } from '@client/lib/api-client.js';
import { PEOPLE_LISTS_KEY } from './people-lists.js';

/** POST /api/admin/users; the new administrator shows in the dashboard's list next time. */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminBody) => apiCall<unknown>('POST', '/admin/users', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PEOPLE_LISTS_KEY }),
  });
}
