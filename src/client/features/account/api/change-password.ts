import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@shared/schemas/people.js';
import { ApiError, apiCall } from '@client/lib/api-client.js';

/** A password change counts as done only when the server answers 201. */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  const result = await apiCall<null>('PUT', '/users/password', { body });
  if (result.status !== 201) throw new ApiError(result.status, result.message);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
