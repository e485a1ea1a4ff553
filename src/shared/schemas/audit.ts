import { z } from 'zod';
import { pageInfoSchema } from './people.js';

export const auditQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page is out of range')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be between 1 and 200')
    .max(200, 'pageSize must be between 1 and 200')
    .default(50),
});

/** One administrator action (GET /api/admin/audit). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  /** The call: 'PUT /api/admin/videos'. */
  action: z.string(),
  target_id: z.string().nullable(),
  /** The body's field names (values are never kept). */
  fields: z.array(z.string()),
  status: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
});

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  pageInfo: pageInfoSchema,
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;
