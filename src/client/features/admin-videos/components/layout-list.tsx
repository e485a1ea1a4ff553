import { useEffect, useRef } from 'react';
import type { Tag } from '@shared/schemas/catalogue.js';
import { DragIcon } from '@client/components/admin/icons.js';
import { useKeyboardReorder, usePointerReorder } from './layout-drag.js';

function RemoveIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </svg>
  );
}

interface LayoutListProps {
  tags: Tag[];
  onChange: (tags: Tag[]) => void;
  announce: (text: string) => void;
  /** The id of the keyboard instructions, read with every handle. */
  instructionsId: string;
  /** Called after the last row was removed, to put the focus somewhere useful. */
  onEmptied: () => void;
}

/** The layout's rows: a handle to drag (pointer or keyboard), the name, and a red remove icon. */
export function LayoutList({
  tags,
  onChange,
  announce,
  instructionsId,
  onEmptied,
}: LayoutListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const pointer = usePointerReorder(listRef, tags, onChange, announce);
  const keyboard = useKeyboardReorder(tags, onChange, announce);
  const removeButtons = useRef(new Map<number, HTMLButtonElement>());
  // After a removal the focus goes to the next row's remove icon (or the previous one).
  const focusAfterRemove = useRef<number | 'none' | null>(null);

  useEffect(() => {
    const target = focusAfterRemove.current;
    focusAfterRemove.current = null;
    if (target === 'none') onEmptied();
    else if (target !== null) removeButtons.current.get(target)?.focus();
  }, [tags, onEmptied]);

  const remove = (index: number) => {
    const tag = tags[index]!;
    const neighbour = tags[index + 1] ?? tags[index - 1];
    onChange(tags.filter((other) => other.id !== tag.id));
    focusAfterRemove.current = neighbour ? neighbour.id : 'none';
    announce(`Removed ${tag.name}. Press Update Layout to save.`);
  };

  return (
    // Stays mounted when emptied, so the removal can still move the focus.
    <ol
      ref={listRef}
      hidden={tags.length === 0}
      className={`layout-list ${pointer.draggingId === null ? '' : 'layout-list--dragging'}`.trim()}
    >
      {tags.map((tag, index) => {
        const active = pointer.draggingId === tag.id || keyboard.liftedId === tag.id;
        return (
          <li
            key={tag.id}
            data-tag-id={tag.id}
            className={`layout-item ${active ? 'layout-item--active' : ''}`.trim()}
          >
            <button
              type="button"
              ref={keyboard.handleRef(tag.id)}
              className="layout-item__handle"
              aria-label={`Move ${tag.name}`}
              aria-describedby={instructionsId}
              aria-pressed={keyboard.liftedId === tag.id}
              onKeyDown={(event) => keyboard.onKeyDown(tag.id, event)}
              onBlur={(event) => keyboard.onBlur(tag.id, event)}
              onPointerDown={(event) => pointer.start(tag.id, event)}
            >
              <DragIcon />
            </button>
            <span className="layout-item__position" aria-hidden="true">
              {index + 1}
            </span>
            <span className="layout-item__name admin-grow">{tag.name}</span>
            <button
              type="button"
              ref={(element) => {
                if (!element) return;
                removeButtons.current.set(tag.id, element);
                return () => {
                  removeButtons.current.delete(tag.id);
                };
              }}
              className="icon-button icon-button--danger"
              aria-label={`Remove ${tag.name}`}
              onClick={() => remove(index)}
            >
              <RemoveIcon />
            </button>
          </li>
        );
      })}
    </ol>
  );
}
