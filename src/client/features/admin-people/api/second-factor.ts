import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpEnrolment } from '@shared/schemas/second-factor.js';
import { apiCall } from '@client/lib/api-client.js';
import { secondFactorQuery } from '@client/lib/second-factor-status.js';

export { useSecondFactor } from '@client/lib/second-factor-status.js';

/** Every change re-reads the state, which the layout's hold depends on too. */
function useSecondFactorChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQuery.queryKey }),
  });
}

export const useStartEnrolment = () =>
  useMutation({
    mutationFn: async (password: string) =>
      (await apiCall<TotpEnrolment>('POST', '/admin/second-factor/totp', { body: { password } }))
        .data,
  });

export const useConfirmEnrolment = () =>
  useSecondFactorChange(
    async (code: string) =>
      (
        await apiCall<{ backupCodes: string[] }>('POST', '/admin/second-factor/totp/confirm', {
          body: { code },
        })
      ).data.backupCodes,
  );

export const useRenewBackupCodes = () =>
  useSecondFactorChange(
    async (password: string) =>
      (
        await apiCall<{ backupCodes: string[] }>('POST', '/admin/second-factor/backup-codes', {
          body: { password },
        })
      ).data.backupCodes,
  );

export const useTurnOff = () =>
  useSecondFactorChange(async (code: string) => {
    await apiCall('DELETE', '/admin/second-factor', { body: { code } });
  });

export const useSetRequired = () =>
  useSecondFactorChange(async (required: boolean) => {
    await apiCall('PUT', '/admin/second-factor/required', { body: { required } });
  });

export const useResetColleague = () =>
  useMutation({
    mutationFn: async ({ id, password }: { id: number; password: string }) =>
      (await apiCall(`DELETE`, `/admin/users/${id}/second-factor`, { body: { password } })).message,
  });
