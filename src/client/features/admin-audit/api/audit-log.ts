import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditAction } from '@shared/audit-actions.js';
import type { AuditList } from '@shared/schemas/audit.js';
import { apiGet } from '@client/lib/api-client.js';

/** A screenful: enough to read a morning's work without paging. */
export const AUDIT_PAGE_SIZE = 20;

export interface AuditFilters {
  /** Part of the administrator's email. */
  actor: string;
  /** One call, or '' for all of them. */
  action: AuditAction | '';
  /** The id a call acted on. */
  target: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', action: '', target: '' };

function auditPath(filters: AuditFilters, page: number): string {
  const params = new URLSearchParams();
  const actor = filters.actor.trim();
  const target = filters.target.trim();
  if (actor) params.set('actor', actor);
  if (filters.action) params.set('action', filters.action);
  if (target) params.set('target', target);
  params.set('page', String(page));
  params.set('pageSize', String(AUDIT_PAGE_SIZE));
  return `/admin/audit?${params.toString()}`;
}

/** One page of the log, newest first; the page on screen stays while the next one loads. */
export const auditQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: ['admin-audit', filters.actor.trim(), filters.action, filters.target.trim(), page],
    queryFn: ({ signal }) => apiGet<AuditList>(auditPath(filters, page), signal),
    placeholderData: keepPreviousData,
  });
