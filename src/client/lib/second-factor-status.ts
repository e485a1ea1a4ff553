import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@shared/schemas/second-factor.js';
import { apiGet } from './api-client.js';

/** The administrator's two-step sign-in state; the admin layout reads whether they are held. */
export const secondFactorQuery = queryOptions({
  queryKey: ['second-factor'],
  queryFn: ({ signal }) => apiGet<SecondFactorStatus>('/admin/second-factor', signal),
});

export const useSecondFactor = (enabled = true) => useQuery({ ...secondFactorQuery, enabled });
