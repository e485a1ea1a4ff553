import { useState, type Ref } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_QUERY_MAX } from '@shared/schemas/admin-videos.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';

/** What every list search box is; the API takes up to 100 characters of a query. */
const SEARCH_BOX = {
  type: 'search',
  name: 'q',
  enterKeyHint: 'search',
  maxLength: SEARCH_QUERY_MAX,
} as const;

/**
 * A list's search box: Enter or Search runs it with the trimmed text. The list's query lives in
 * the address (?q=), and the box follows it when Back or Forward changes it.
 */
export function AdminSearchForm({
  label,
  onSearch,
  name,
  inputRef,
}: {
  label: string;
  onSearch: (text: string) => void;
  /** Names the search landmark, where the page has others. */
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
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
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        {...SEARCH_BOX}
      />
      <Button type="submit">Search</Button>
    </form>
  );
}
