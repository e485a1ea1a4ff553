import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@shared/schemas/people.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';
import { getSession, setSession } from '@client/lib/session.js';

export const accountQuery = (userId: number) =>
  queryOptions({
    queryKey: ['account', userId, 'details'],
    queryFn: ({ signal }) => apiGet<Account>(`/users/${userId}`, signal),
  });

export const useAccount = (userId: number) => useQuery(accountQuery(userId));

/** The saved account as the API names it: zip_code, and newsletter as '1' or '0'. */
export interface AccountPayload {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  zip_code: string;
  birthday: string;
  newsletter: '1' | '0';
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountPayload) => apiCall<Account>('PUT', '/users', { body }),
    onSuccess: async (_result, body) => {
      // The navigation shows the first name from the session, so a new name shows there at once.
      const session = getSession();
      if (session && session.id === body.id) {
        setSession({ ...session, firstName: body.firstName.trim() });
      }
      await queryClient.invalidateQueries({ queryKey: accountQuery(body.id).queryKey });
    },
  });
}
