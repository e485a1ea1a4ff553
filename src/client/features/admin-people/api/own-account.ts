import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInfo, ChangePasswordBody, UpdateAdminBody } from '@shared/schemas/people.js';
import { ApiError, apiCall, apiGet } from '@client/lib/api-client.js';
import { getSession, setSession } from '@client/lib/session.js';

/** Spec: "Admin info: first_name, last_name, email", read from GET /api/users/{id}. */
export const adminInfoQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin-people', 'info', id],
    queryFn: ({ signal }) => apiGet<AdminInfo>(`/users/${id}`, signal),
  });

export const useAdminInfo = (id: number) => useQuery(adminInfoQuery(id));

export function useUpdateAdminInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateAdminBody) =>
      (await apiCall<AdminInfo>('PUT', '/admin/users', { body })).data,
    onSuccess: (info) => {
      queryClient.setQueryData(adminInfoQuery(info.id).queryKey, info);
      // The sidebar shows the first name from the session, so a new name shows there at once.
      const session = getSession();
      if (session && session.id === info.id) setSession({ ...session, firstName: info.first_name });
    },
  });
}

/** A password change counts as done only when the server answers 201. */
export async function updatePassword(body: ChangePasswordBody): Promise<void> {
  const result = await apiCall<null>('PUT', '/users/password', { body });
  if (result.status !== 201) throw new ApiError(result.status, result.message);
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
