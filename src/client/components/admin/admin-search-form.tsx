import { useState, type Ref } from 'react';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';

/**
 * A list's search box: Enter or Search runs it with the trimmed text. The list's query lives in
 * the address, and the box follows it when Back or Forward changes it.
 */
export function AdminSearchForm({
  query,
  label,
  onSearch,
  maxLength,
  name,
  inputRef,
}: {
  query: string;
  label: string;
  onSearch: (text: string) => void;
  maxLength: number;
  /** Names the search landmark, where the page has others. */
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [draft, setDraft] = useState(query);
  // Adjusted while rendering, not in an effect, so the box never shows the old query.
  const [draftFor, setDraftFor] = useState(query);
  if (draftFor !== query) {
    setDraftFor(query);
    setDraft(query);
  }

  return (
    <form
      className="admin-toolbar"
      role="search"
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <FormField
        ref={inputRef}
        label={label}
        type="search"
        name="q"
        enterKeyHint="search"
        maxLength={maxLength}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit">Search</Button>
    </form>
  );
}
