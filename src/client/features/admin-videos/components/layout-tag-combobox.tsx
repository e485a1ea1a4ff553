import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent, type Ref } from 'react';
import { adminVideosUiMessages as ui } from '@shared/messages/admin-videos-ui.js';
import type { Tag } from '@shared/schemas/catalogue.js';
import { TAG_NAME_MAX_LENGTH } from '@shared/schemas/tags.js';
import { useDebounced } from '@client/lib/use-debounced.js';
import { tagSuggestionsQuery } from '../api/layout.js';

/** Typing pauses this long before the server is asked, so each keystroke is not a call. */
export const SUGGEST_DELAY_MS = 250;

interface LayoutTagComboboxProps {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  onSelect: (tag: Tag) => void;
  /** Tags already in the layout: listed, but they cannot be picked again. */
  layoutIds: ReadonlySet<number>;
  describedBy: string;
  invalid: boolean;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * The add popup's autocomplete (the ARIA 1.2 combobox with a list): suggestions come from the
 * server as the admin types; arrows move through them, Enter picks one, Escape closes the list.
 */
export function LayoutTagCombobox({
  label,
  text,
  onTextChange,
  onSelect,
  layoutIds,
  describedBy,
  invalid,
  inputRef,
}: LayoutTagComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const suggestions = useQuery({
    ...tagSuggestionsQuery(query),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
  const options = query === '' ? [] : (suggestions.data?.tags ?? []);
  const expanded = open && text.trim() !== '';
  const usable = (index: number) => {
    const tag = options[index];
    return tag !== undefined && !layoutIds.has(tag.id);
  };

  useEffect(() => {
    if (suggestions.error) console.error(ui.tagSuggestionsFailed, suggestions.error);
  }, [suggestions.error]);

  const pick = (tag: Tag) => {
    if (layoutIds.has(tag.id)) return;
    onSelect(tag);
    setOpen(false);
    setActive(-1);
  };

  const step = (direction: 1 | -1) => {
    for (let index = active + direction; index >= 0 && index < options.length; index += direction) {
      if (usable(index)) {
        setActive(index);
        return;
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) setOpen(true);
      step(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && expanded && usable(active)) {
      // Enter picks the highlighted tag; without one it submits the form.
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === 'Escape' && expanded) {
      // Only the list closes: the popup stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  let status = '';
  if (expanded) {
    if (suggestions.isError) status = ui.tagSuggestionsFailed;
    else if (query === '' || (suggestions.isFetching && !suggestions.data)) status = 'Searching…';
    else if (options.length === 0) status = ui.noTagsMatch;
    else status = `${options.length} ${options.length === 1 ? 'tag matches' : 'tags match'}.`;
  }

  return (
    <div className="field layout-combobox">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={TAG_NAME_MAX_LENGTH}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        className="layout-combobox__list"
        hidden={!expanded || options.length === 0}
      >
        {options.map((tag, index) => {
          const taken = layoutIds.has(tag.id);
          return (
            <li
              key={tag.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              aria-disabled={taken || undefined}
              className="layout-combobox__option"
              // Keeps the focus in the input, so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(tag)}
            >
              {/* Named by its words (Label in Name): 'Honky Tonk Already in the layout'. */}
              <span>{tag.name}</span>{' '}
              {taken && <span className="layout-combobox__taken">Already in the layout</span>}
            </li>
          );
        })}
      </ul>
      <p className="layout-combobox__status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
