import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { adminEditorUiMessages as t } from '@shared/messages/admin-editor-ui.js';
import { AdminPage } from '@client/components/admin/admin-page.js';
import { ErrorView, LoadingView } from '@client/components/ui/page-states.js';
import { useEditorVideo } from '../api/editor-video.js';
import { VideoEditorForm, type EditorLocationState } from './video-editor-form.js';
import { adminLink } from '@shared/page-paths.js';

/**
 * /admin/newVideo and /admin/editVideo/{id}. The form is keyed by the video and by Discard's
 * counter, so Discard (and moving to another video) starts it afresh, as a reload would.
 */
export function VideoEditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const reset = (location.state as EditorLocationState | null)?.reset ?? 0;
  if (id === undefined) return <VideoEditorForm key={`new:${reset}`} video={null} />;
  return <EditVideo key={id} id={id} />;
}

function EditVideo({ id }: { id: string }) {
  const { data, error } = useEditorVideo(id);

  useEffect(() => {
    // A failed video load is logged; the screen says so too.
    if (error) console.error(t.loadFailed, error);
  }, [error]);

  // A background refetch that fails keeps the form (and what was typed in it).
  if (data) return <VideoEditorForm video={data} />;
  return (
    <AdminPage title={t.editTitle}>
      {error ? (
        <>
          <ErrorView message={t.loadFailed} />
          <p className="editor-hint">
            <Link to={adminLink.newVideo}>New Video</Link> ·{' '}
            <Link to={adminLink.videos}>All videos</Link>
          </p>
        </>
      ) : (
        <LoadingView label="Loading the video…" />
      )}
    </AdminPage>
  );
}
