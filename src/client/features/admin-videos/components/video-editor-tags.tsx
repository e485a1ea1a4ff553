import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { adminEditorUiMessages as t, tagAnnouncements } from '@shared/messages/admin-editor-ui.js';
import type { Tag } from '@shared/schemas/catalogue.js';
import { TAG_NAME_MAX_LENGTH } from '@shared/schemas/tags.js';
import { Button } from '@client/components/ui/button.js';
import { useDebounced } from '@client/lib/use-debounced.js';
import { tagSuggestionsQuery, useTagSuggestions } from '../api/editor-tags.js';
import {
  addTag,
  describeAdd,
  removeTag,
  sameTagName,
  savedTagNamed,
  shownTags,
  UNSAVED_TAG_ID,
  type TagChanges,
} from '../utils/editor-tag-changes.js';

const SUGGESTIONS_SHOWN = 20;
const TYPING_PAUSE_MS = 200;

interface VideoEditorTagsProps {
  changes: TagChanges;
  onChange: (update: (changes: TagChanges) => TagChanges) => void;
  disabled?: boolean;
}

/**
 * The tag field: type a name and Add (or Enter). A name that matches
 * an existing tag, whatever its case, reuses it; any other becomes a new tag. Nothing is sent
 * until Publish.
 */
export function VideoEditorTags({ changes, onChange, disabled = false }: VideoEditorTagsProps) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [looking, setLooking] = useState(0);
  const [lookupFailed, setLookupFailed] = useState(false);
  const query = useDebounced(text, TYPING_PAUSE_MS);
  const suggestions = useTagSuggestions(query);
  const shown = shownTags(changes);

  useEffect(() => {
    // A failed tag list is logged; the field keeps working without suggestions.
    if (suggestions.error) console.error(t.tagSuggestionsFailed, suggestions.error);
  }, [suggestions.error]);

  const options = (suggestions.data ?? [])
    .filter((tag) => !shown.some((other) => other.id === tag.id))
    .slice(0, SUGGESTIONS_SHOWN);

  /** The existing tag of that name, if any: the video's own tags first, then the server's. */
  async function resolve(name: string): Promise<Tag> {
    const own = savedTagNamed(changes, name);
    if (own) return own;
    try {
      const found = await queryClient.fetchQuery(tagSuggestionsQuery(name));
      setLookupFailed(false);
      return found.find((tag) => sameTagName(tag.name, name)) ?? { id: UNSAVED_TAG_ID, name };
    } catch (error) {
      // The server reuses an existing name on POST anyway; only the chip's id differs.
      console.error(t.tagSuggestionsFailed, error);
      setLookupFailed(true);
      return { id: UNSAVED_TAG_ID, name };
    }
  }

  async function add() {
    const name = text.trim();
    if (name === '') return;
    // Several adds may be in flight (typing on while a name is looked up): each stands alone.
    setLooking((count) => count + 1);
    const tag = await resolve(name);
    setLooking((count) => count - 1);
    const outcome = describeAdd(changes, tag);
    onChange((current) => addTag(current, tag));
    if (outcome !== 'none') setNote(tagAnnouncements[outcome](tag.name));
    // Only clear what was added, not a name typed since.
    setText((typed) => (typed.trim() === name ? '' : typed));
    input.current?.focus();
  }

  function remove(tag: Tag) {
    onChange((current) => removeTag(current, tag));
    setNote(tagAnnouncements.removed(tag.name));
    input.current?.focus();
  }

  function keep(tag: Tag) {
    onChange((current) => addTag(current, tag));
    setNote(tagAnnouncements.restored(tag.name));
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the tag; it must not publish the form around it.
    event.preventDefault();
    void add();
  };

  const pending = new Set(changes.add.map((tag) => tag.id));

  return (
    <div className="field editor-tags">
      <label htmlFor={inputId}>Tags</label>
      <div className="editor-tags__entry" aria-busy={looking > 0}>
        <input
          ref={input}
          id={inputId}
          className="editor-tags__input"
          list={listId}
          value={text}
          maxLength={TAG_NAME_MAX_LENGTH}
          autoComplete="off"
          aria-describedby={hintId}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          variant="secondary"
          onClick={() => void add()}
          disabled={disabled || text.trim() === ''}
        >
          Add
        </Button>
        <datalist id={listId}>
          {options.map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
        </datalist>
      </div>
      <p id={hintId} className="editor-hint">
        {t.tagsHint}
      </p>
      {(suggestions.isError || lookupFailed) && (
        <p className="editor-hint editor-hint--error">{t.tagSuggestionsFailed}</p>
      )}
      {shown.length === 0 ? (
        <p className="editor-hint">{t.noTags}</p>
      ) : (
        <ul className="editor-tags__chips" aria-label="Tags of this video">
          {shown.map((tag) => {
            const unsaved = tag.id === UNSAVED_TAG_ID || pending.has(tag.id);
            return (
              <li
                key={`${tag.id}:${tag.name}`}
                className={`editor-tag ${unsaved ? 'editor-tag--unsaved' : ''}`.trim()}
              >
                <span className="editor-tag__name">{tag.name}</span>
                {unsaved && <span className="visually-hidden"> (not saved yet)</span>}
                <button
                  type="button"
                  className="editor-tag__remove"
                  aria-label={`Remove tag ${tag.name}`}
                  disabled={disabled}
                  onClick={() => remove(tag)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {changes.remove.length > 0 && (
        <p className="editor-hint editor-tags__removed">
          To be removed:{' '}
          {changes.remove.map((tag, index) => (
            <span key={tag.id}>
              {index > 0 && ', '}
              <s>{tag.name}</s>{' '}
              <button
                type="button"
                className="link-button"
                disabled={disabled}
                onClick={() => keep(tag)}
              >
                Keep {tag.name}
              </button>
            </span>
          ))}
        </p>
      )}
      <p className="editor-hint editor-tags__note" aria-live="polite">
        {note}
      </p>
    </div>
  );
}
