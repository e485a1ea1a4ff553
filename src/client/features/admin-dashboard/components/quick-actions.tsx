import { useRef, type Ref } from 'react';
import { Link } from 'react-router';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { detailOf, type Flash } from '@client/components/ui/use-flash.js';
import { plural } from '@client/lib/format.js';
import { useAutotag, useImportChannel } from '../api/dashboard.js';
import '@client/components/ui/button.css';
import { adminLink } from '@shared/page-paths.js';

/** What each long-running action says at rest, and while it runs. */
const IMPORT = { idle: 'Import Videos', busy: 'Importing Videos…' };
const TAGS = { idle: 'Update Tags', busy: 'Updating Tags…' };

/** Import Videos, Update Tags, and links to the three "new" screens. */
export function QuickActions({ onResult }: { onResult: (flash: Flash) => void }) {
  const imports = useImportChannel();
  const autotag = useAutotag();
  const importButton = useRef<HTMLButtonElement>(null);
  const tagsButton = useRef<HTMLButtonElement>(null);

  // A disabled button drops the focus; it comes back once the action is over.
  const refocus = (button: HTMLButtonElement | null) =>
    requestAnimationFrame(() => button?.focus());

  const runImport = () =>
    imports.mutate(undefined, {
      onSuccess: ({ added, skipped }) =>
        onResult({
          tone: 'success',
          text: t.importSucceeded,
          detail: `${plural(added, 'new video', 'new videos')}, ${skipped} already in the catalogue`,
        }),
      onError: (error) =>
        onResult({ tone: 'error', text: t.importFailed, detail: detailOf(error, t.importFailed) }),
      onSettled: () => refocus(importButton.current),
    });

  const runAutotag = () =>
    autotag.mutate(undefined, {
      onSuccess: ({ added }) =>
        onResult({
          tone: 'success',
          text: t.tagsUpdated,
          detail: `${plural(added, 'tag', 'tags')} added to videos`,
        }),
      onError: (error) =>
        onResult({
          tone: 'error',
          text: t.tagsUpdateFailed,
          detail: detailOf(error, t.tagsUpdateFailed),
        }),
      onSettled: () => refocus(tagsButton.current),
    });

  return (
    <AdminPanel title="Quick Actions">
      <div className="dashboard-actions">
        <ActionButton ref={importButton} run={runImport} busy={imports.isPending} labels={IMPORT} />
        <ActionButton ref={tagsButton} run={runAutotag} busy={autotag.isPending} labels={TAGS} />
        <Link className="btn btn--secondary" to={adminLink.newVideo}>
          Add Video
        </Link>
        <Link className="btn btn--secondary" to={adminLink.newArtist}>
          Add Artist
        </Link>
        <Link className="btn btn--secondary" to={adminLink.newAdmin}>
          Add Administrator
        </Link>
      </div>
      {/* Screen readers hear that a long import is under way, not only the button's new name. */}
      <p className="visually-hidden" role="status">
        {imports.isPending ? 'Importing videos from YouTube…' : ''}
        {autotag.isPending ? 'Updating tags…' : ''}
      </p>
    </AdminPanel>
  );
}

/**
 * An action that runs for a while: disabled and saying so meanwhile. A plain button, since the
 * UI kit's Button takes no ref and the focus must come back here.
 */
function ActionButton({
  ref,
  run,
  busy,
  labels,
}: {
  ref: Ref<HTMLButtonElement>;
  run: () => void;
  busy: boolean;
  labels: { idle: string; busy: string };
}) {
  return (
    <button
      type="button"
      className="btn btn--primary"
      ref={ref}
      onClick={run}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="dashboard-actions__spinner" aria-hidden="true" />}
      {busy ? labels.busy : labels.idle}
    </button>
  );
}
