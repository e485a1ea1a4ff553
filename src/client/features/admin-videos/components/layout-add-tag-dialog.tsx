import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { adminVideosUiMessages as ui } from '@shared/messages/admin-videos-ui.js';
import { artistsTagsMessages as am } from '@shared/messages/artists-tags.js';
import { validationMessages } from '@shared/messages/validation.js';
import type { Tag } from '@shared/schemas/catalogue.js';
import { addTagBody } from '@shared/schemas/tags.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { ADMIN_MESSAGE_MS, detailOf, useFlash } from '@client/components/ui/use-flash.js';
import { Button } from '@client/components/ui/button.js';
import { Modal } from '@client/components/ui/modal.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';
import { useForm } from '@client/lib/use-form.js';
import { tagSuggestionsQuery } from '../api/layout.js';
import { LayoutTagCombobox } from './layout-tag-combobox.js';

interface LayoutAddTagDialogProps {
  open: boolean;
  layout: Tag[];
  onAdd: (tag: Tag) => void;
  onClose: () => void;
}

/** '+ Add Category': pick an existing tag; it joins the end of the (unsaved) layout. */
export function LayoutAddTagDialog({ open, layout, onAdd, onClose }: LayoutAddTagDialogProps) {
  return (
    <Modal open={open} title={adminUiMessages.addTagTitle} onClose={onClose}>
      <AddTagForm layout={layout} onAdd={onAdd} />
    </Modal>
  );
}

/** A tag must be chosen: the typed name, by the API's rule for tag names, in the spec's words. */
const RULES = {
  schema: addTagBody.pick({ name: true }),
  body: ({ tag }: { tag: string }) => ({ name: tag }),
  rename: { name: 'tag' },
  texts: { [am.tagNameRequired]: validationMessages.invalidTag },
  report: 'first',
} as const;

const sameName = (a: string, b: string) =>
  a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;

// Rendered only while the popup is open, so every opening starts empty.
function AddTagForm({ layout, onAdd }: { layout: Tag[]; onAdd: (tag: Tag) => void }) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const form = useForm({ tag: '' }, RULES);
  const text = form.values.tag;
  const [selected, setSelected] = useState<Tag | null>(null);
  const [checking, setChecking] = useState(false);
  const { flash, show, dismiss } = useFlash(ADMIN_MESSAGE_MS);
  const layoutIds = new Set(layout.map((tag) => tag.id));
  useFocusOnShow(() => form.focus('tag'));

  const invalid = (detail?: string) => {
    show({ tone: 'error', text: validationMessages.invalidTag, detail });
    form.focus('tag');
  };

  /** Typed text that names an existing tag counts as choosing it. */
  const findTyped = async (typed: string): Promise<Tag | null> => {
    const { tags } = await queryClient.fetchQuery(tagSuggestionsQuery(typed));
    return tags.find((tag) => sameName(tag.name, typed)) ?? null;
  };

  const add = async () => {
    dismiss();
    let tag = selected && sameName(selected.name, text) ? selected : null;
    if (!tag) {
      setChecking(true);
      try {
        tag = await findTyped(text.trim());
      } catch (error) {
        console.error(ui.tagSuggestionsFailed, error);
        invalid(detailOf(error, validationMessages.invalidTag));
        return;
      } finally {
        setChecking(false);
      }
    }
    if (!tag) invalid();
    else if (layoutIds.has(tag.id)) invalid(ui.tagAlreadyInLayout);
    else onAdd(tag);
  };

  return (
    <form
      className="form layout-add"
      noValidate
      onSubmit={form.handleSubmit(
        () => void add(),
        (problem) => show({ tone: 'error', text: problem.message }),
      )}
    >
      <LayoutTagCombobox
        label="Tag"
        text={text}
        onTextChange={(next) => {
          form.set('tag', next);
          if (selected && !sameName(selected.name, next)) setSelected(null);
        }}
        onSelect={(tag) => {
          setSelected(tag);
          form.set('tag', tag.name);
          dismiss();
        }}
        layoutIds={layoutIds}
        describedBy={noteId}
        invalid={flash?.tone === 'error' || Boolean(form.errors.tag)}
        inputRef={form.bind('tag').ref}
      />
      <p id={noteId} className="layout-add__note">
        {adminUiMessages.addTagNote}
      </p>
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <div className="layout-add__actions">
        <Button type="submit" disabled={checking}>
          Add Tag to Layout
        </Button>
      </div>
    </form>
  );
}
