import { Link } from 'react-router';
import { auditActionLabel } from '@shared/audit-actions.js';
import type { AuditEntry } from '@shared/schemas/audit.js';
import { adminLink } from '@shared/page-paths.js';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const FULL = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long' });

/** The editor of what a call changed, while it still exists (a deletion leaves nothing to open). */
function editorPath(entry: AuditEntry): string | null {
  if (!entry.target_id || entry.action.startsWith('DELETE ')) return null;
  if (entry.action.endsWith(' /api/admin/videos')) return adminLink.editVideo(entry.target_id);
  if (entry.action.endsWith(' /api/admin/artists')) return adminLink.editArtist(entry.target_id);
  return null;
}

/** One logged call: when, who, what, on which item, and the names of the fields it sent. */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const at = new Date(entry.at);
  const editor = editorPath(entry);
  return (
    <tr>
      <td className="audit-table__when">
        <time dateTime={entry.at} title={FULL.format(at)}>
          {WHEN.format(at)}
        </time>
      </td>
      <td className="audit-table__who">{entry.actor_email}</td>
      <th scope="row" className="audit-table__what">
        {auditActionLabel(entry.action)}
        <code className="audit-table__call">{entry.action}</code>
      </th>
      <td className="audit-table__target">
        {editor ? (
          <Link to={editor} aria-label={`Open item ${entry.target_id}`}>
            #{entry.target_id}
          </Link>
        ) : entry.target_id ? (
          `#${entry.target_id}`
        ) : (
          <span className="audit-muted">—</span>
        )}
      </td>
      <td className="audit-table__fields">
        {entry.fields.length > 0 ? entry.fields.join(', ') : <span className="audit-muted">—</span>}
      </td>
    </tr>
  );
}
