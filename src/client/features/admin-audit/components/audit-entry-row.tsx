import { Fragment } from 'react';
import { Link } from 'react-router';
import { auditActionWords, editedFieldWords, type AuditItemKind } from '@shared/audit-actions.js';
import type { AuditEntry } from '@shared/schemas/audit.js';
import { adminLink } from '@shared/page-paths.js';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const FULL = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long' });

const KIND_WORDS: Record<AuditItemKind, string> = {
  video: 'Video',
  artist: 'Artist',
  person: 'Account',
};

type Words = ReturnType<typeof auditActionWords>;

/** The editor of what a call acted on, unless the call deleted it (untagging a video did not). */
function editorPath(words: Words, entry: AuditEntry): string | null {
  if (!entry.target_id || words.deletes) return null;
  if (words.item === 'video') return adminLink.editVideo(entry.target_id);
  if (words.item === 'artist') return adminLink.editArtist(entry.target_id);
  return null;
}

/** An email that may wrap before its @ and its dots, never inside a word. */
function Email({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className="audit-email">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** What the call acted on: its kind and its name then (or its id, in entries older than names). */
function Item({ entry, words }: { entry: AuditEntry; words: Words }) {
  if (!entry.target_id && !entry.target_name) return <span className="audit-muted">—</span>;
  const kind = words.item;
  const editor = editorPath(words, entry);
  const name = entry.target_name ?? `#${entry.target_id}`;
  return (
    <>
      {kind && <span className="audit-item__kind">{KIND_WORDS[kind]} </span>}
      {editor ? <Link to={editor}>{name}</Link> : <span className="audit-item__name">{name}</span>}
    </>
  );
}

/** What else the entry says: the tags or rows it named, or the fields an edit sent. */
function detailsOf(entry: AuditEntry, words: Words) {
  if (words.details && entry.details.length > 0) {
    return { label: words.details, text: entry.details.join(', ') };
  }
  const fields = words.edit ? editedFieldWords(entry.fields) : [];
  return fields.length > 0 ? { label: 'Fields', text: fields.join(', ') } : null;
}

/** One logged change: when, who, what in words, on which item, and what else it named. */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const at = new Date(entry.at);
  const words = auditActionWords(entry.action);
  const details = detailsOf(entry, words);
  return (
    <tr>
      <td className="audit-table__when">
        <time dateTime={entry.at} title={FULL.format(at)}>
          {WHEN.format(at)}
        </time>
      </td>
      <td className="audit-table__who">
        <Email address={entry.actor_email} />
      </td>
      <th scope="row" className="audit-table__what">
        {words.label}
      </th>
      <td className="audit-table__target">
        <Item entry={entry} words={words} />
      </td>
      <td className="audit-table__details">
        {details ? (
          <>
            <span className="audit-details__label">{details.label}: </span>
            {details.text}
          </>
        ) : (
          <span className="audit-muted">—</span>
        )}
      </td>
    </tr>
  );
}
