import { useId, useState, type FormEvent } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { PAGE_PATHS, pageLink, SEARCH_FORM_PATH } from '@shared/page-paths.js';
import { SEARCH_MAX_LENGTH } from '@shared/validation.js';

/**
 * The site search (the navigation's, and the not-found page's): an empty submit does nothing,
 * otherwise /search/{term}. A real form too: before the app has run (or without JavaScript) it
 * goes to /search?q={term}, which the server sends on to /search/{term}. On a results page it
 * holds that page's words (the server draws them in too), so they can be refined; elsewhere it
 * keeps what was last there.
 */
export function SearchBox({
  onSearched,
  label,
}: {
  onSearched?: () => void;
  /** Names the search landmark when the page has another one. */
  label?: string;
}) {
  // Two can be on a page (the navigation's and the not-found page's).
  const inputId = useId();
  const searched = useMatch(PAGE_PATHS.search)?.params.query ?? null;
  const [term, setTerm] = useState(searched ?? '');
  // A new results page brings its own words (adjusted while rendering, not after in an effect,
  // so the box never shows the old ones); leaving one keeps them.
  const [shownFor, setShownFor] = useState(searched);
  if (searched !== shownFor) {
    setShownFor(searched);
    if (searched !== null) setTerm(searched);
  }
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    void navigate(pageLink.search(trimmed));
    onSearched?.();
  };
  return (
    <form
      role="search"
      aria-label={label}
      className="search-box"
      action={SEARCH_FORM_PATH}
      method="get"
      onSubmit={submit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search
      </label>
      <input
        id={inputId}
        name="q"
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={t.searchPlaceholder}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
      />
      <button type="submit" aria-label="Search">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path
            d="M15.5 15.5 21 21"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </form>
  );
}
