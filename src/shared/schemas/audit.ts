import { z } from 'zod';
import { isAuditAction } from '../audit-actions.js';
import { pagedList, pageNumberField, wholeNumberField } from './paging.js';

export const auditQuery = z.object({
  page: pageNumberField.default(1),
  pageSize: wholeNumberField('pageSize', 200, 'pageSize must be between 1 and 200').default(50),
  /** Part of the administrator's email, any case. */
  actor: z.string().trim().max(100, 'actor must be at most 100 characters').optional(),
  /** One call, as the log names it: 'PUT /api/admin/videos' (the screen shows its words). */
  action: z
    .string()
    .refine(isAuditAction, 'action must be one of the calls the audit log records')
    .optional(),
  /** The id the call acted on. */
  target: z.string().trim().max(40, 'target must be at most 40 characters').optional(),
});

export type AuditFilters = Pick<z.infer<typeof auditQuery>, 'actor' | 'action' | 'target'>;

/** One administrator action (GET /api/admin/audit). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  /** The call: 'PUT /api/admin/videos'. */
  action: z.string(),
  target_id: z.string().nullable(),
  /**
   * That item's name when the call was made (a video's title, an artist's name, a person's name
   * and email); null when the call acts on no one item, and in entries older than the names.
   */
  target_name: z.string().nullable(),
  /** What else the call named: a tag call's tags, the layout's rows, a count of what was added. */
  details: z.array(z.string()),
  /** The body's field names (values are never kept). */
  fields: z.array(z.string()),
  status: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
});

export const auditListSchema = pagedList('entries', auditEntrySchema);

export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditList = z.infer<typeof auditListSchema>;
