import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { adminVideosUiMessages as ui } from '@shared/messages/admin-videos-ui.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { ConfirmDeleteDialog } from '@client/components/admin/confirm-delete-dialog.js';
import { useDeleteVideo } from '../api/delete-video.js';

/** 'Confirm Video Deletion': the video's title and thumbnail, the question and the reassurance. */
export function AllVideosDeleteDialog({
  video,
  onClose,
}: {
  video: Video | null;
  onClose: (deleted: boolean) => void;
}) {
  const remove = useDeleteVideo();
  return (
    <ConfirmDeleteDialog
      open={video !== null}
      title={adminUiMessages.confirmVideoDeletion}
      confirmLabel={ui.deleteVideoButton}
      successText={adminUiMessages.videoDeleted}
      failureText={adminUiMessages.videoDeleteFailed}
      onConfirm={() => (video ? remove.mutateAsync(video.id) : Promise.resolve())}
      onClose={onClose}
    >
      {video && (
        <div className="all-videos__doomed">
          <img className="all-videos__doomed-thumb" src={video.thumbnail} alt="" />
          <p className="all-videos__doomed-title">{video.title}</p>
        </div>
      )}
      <p>{adminUiMessages.deleteVideoQuestion}</p>
      <p className="admin-empty">{adminUiMessages.videoStaysOnYoutube}</p>
    </ConfirmDeleteDialog>
  );
}
