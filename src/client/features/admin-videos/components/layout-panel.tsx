import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { adminVideosUiMessages as ui } from '@shared/messages/admin-videos-ui.js';
import type { Tag } from '@shared/schemas/catalogue.js';
import { LAYOUT_MAX_ROWS } from '@shared/schemas/tags.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { ADMIN_MESSAGE_MS, detailOf, useFlash } from '@client/components/ui/use-flash.js';
import { Button } from '@client/components/ui/button.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { useLayout, useSaveLayout } from '../api/layout.js';
import { LayoutAddTagDialog } from './layout-add-tag-dialog.js';
import { LayoutList } from './layout-list.js';
import { sameOrder } from './layout-order.js';
import { useUnsavedChangesGuard } from './unsaved-changes-guard.js';
import './layout.css';

/**
 * The home page's category rows: reorder, remove, add. Every change stays a draft here until
 * Update Layout sends the whole order.
 */
export function LayoutPanel() {
  const layout = useLayout();
  const save = useSaveLayout();
  const [draft, setDraft] = useState<Tag[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const { flash, show, dismiss } = useFlash(ADMIN_MESSAGE_MS);
  const addButton = useRef<HTMLButtonElement>(null);
  const instructionsId = useId();

  const saved = layout.data?.tags;
  const tags = draft ?? saved ?? [];
  const unsaved = draft !== null && saved !== undefined && !sameOrder(draft, saved);
  const full = tags.length >= LAYOUT_MAX_ROWS;
  // Leaving through the sidebar or a video's Edit link would drop the draft order unasked.
  const guard = useUnsavedChangesGuard(unsaved, ui.layoutUnsavedLeave);

  useEffect(() => {
    if (layout.error) console.error(ui.layoutLoadFailed, layout.error);
  }, [layout.error]);

  const focusAdd = useCallback(() => addButton.current?.focus(), []);

  const update = () => {
    dismiss();
    save.mutate(tags, {
      onSuccess: () => {
        setDraft(null);
        show({ tone: 'success', text: adminUiMessages.layoutUpdated });
      },
      onError: (error) =>
        show({
          tone: 'error',
          text: adminUiMessages.layoutUpdateFailed,
          detail: detailOf(error, adminUiMessages.layoutUpdateFailed),
        }),
    });
  };

  const add = (tag: Tag) => {
    const next = [...tags, tag];
    setDraft(next);
    setAdding(false);
    setAnnouncement(`Added ${tag.name} at position ${next.length}. Press Update Layout to save.`);
  };

  let body;
  if (layout.isPending) body = <LoadingView label="Loading the layout…" />;
  else if (layout.isError)
    body = (
      <p className="admin-error" role="alert">
        {ui.layoutLoadFailed}
      </p>
    );
  else
    body = (
      <>
        <LayoutList
          tags={tags}
          onChange={setDraft}
          announce={setAnnouncement}
          instructionsId={instructionsId}
          onEmptied={focusAdd}
        />
        {tags.length === 0 && <p className="admin-empty">{ui.layoutEmpty}</p>}
      </>
    );

  return (
    <AdminPanel title="Layout" className="layout-panel">
      <p id={instructionsId} className="layout-panel__help">
        {ui.layoutInstructions}
      </p>
      {body}
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
      {unsaved && <p className="layout-panel__unsaved">{ui.layoutUnsaved}</p>}
      {full && <p className="admin-empty">{ui.layoutFull}</p>}
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <div className="layout-panel__actions">
        {/* A plain button: the focus comes back here when the last row is removed. */}
        <button
          ref={addButton}
          type="button"
          className="btn btn--secondary"
          aria-haspopup="dialog"
          disabled={!layout.isSuccess || full}
          onClick={() => setAdding(true)}
        >
          + Add Category
        </button>
        <Button disabled={!layout.isSuccess || save.isPending} onClick={update}>
          {save.isPending ? 'Updating…' : 'Update Layout'}
        </Button>
      </div>
      <LayoutAddTagDialog
        open={adding}
        layout={tags}
        onAdd={add}
        onClose={() => setAdding(false)}
      />
      {guard.dialog}
    </AdminPanel>
  );
}
