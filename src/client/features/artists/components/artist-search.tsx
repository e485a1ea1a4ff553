import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { ARTIST_SEARCH_MAX_LENGTH, ARTIST_SEARCH_MIN_LENGTH } from '@shared/validation.js';
import { Button } from '@client/components/ui/button.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { useArtistSearch, type ArtistSearch } from '../api/search-artists.js';
import { ArtistGrid } from '@client/components/catalogue/artist-card.js';
import { LetterBar } from './letter-bar.js';

/** The search lives in the address (?name= or ?letter=), so Back from an artist keeps the results. */
function searchFrom(params: URLSearchParams): ArtistSearch | null {
  const name = params.get('name')?.trim() ?? '';
  if (name.length >= ARTIST_SEARCH_MIN_LENGTH) return { type: 'Full', text: name };
  const letter = params.get('letter')?.toUpperCase() ?? '';
  if (/^[A-Z]$/.test(letter)) return { type: 'FirstLetter', letter };
  return null;
}

/** The Full Catalog: a name search (3 characters or more) and the A-Z letter bar. */
export function ArtistSearchPanel() {
  const [params, setParams] = useSearchParams();
  const search = searchFrom(params);
  const [text, setText] = useState(search?.type === 'Full' ? search.text : '');
  const results = useArtistSearch(search);
  const tooShort = text.trim().length < ARTIST_SEARCH_MIN_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooShort) return;
    setParams({ name: text.trim() });
  };

  return (
    <section className="artist-search" aria-labelledby="full-catalog">
      <h2 id="full-catalog">Full Catalog</h2>
      <form role="search" className="artist-search__form" onSubmit={submit}>
        <label htmlFor="artist-name" className="visually-hidden">
          Artist name
        </label>
        <input
          id="artist-name"
          className="text-input"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search artists by name"
          aria-describedby="artist-name-hint"
          maxLength={ARTIST_SEARCH_MAX_LENGTH}
          autoComplete="off"
        />
        <Button type="submit" disabled={tooShort}>
          Search
        </Button>
      </form>
      <p id="artist-name-hint" className="artist-search__hint">
        Type at least {ARTIST_SEARCH_MIN_LENGTH} characters, or pick a letter.
      </p>
      <LetterBar
        selected={search?.type === 'FirstLetter' ? search.letter : null}
        onSelect={(letter) => setParams({ letter })}
      />
      <div className="artist-search__results" aria-live="polite">
        {search === null ? (
          <p className="artist-search__message">{t.artistsSearchPrompt}</p>
        ) : results.isPending ? (
          <LoadingView label="Searching…" />
        ) : results.isError ? (
          <p className="artist-search__message artist-search__message--error" role="alert">
            {t.artistsResultsError}
          </p>
        ) : results.data.artists.length === 0 ? (
          <p className="artist-search__message">{t.artistsNoneFound}</p>
        ) : (
          <ArtistGrid artists={results.data.artists} />
        )}
      </div>
    </section>
  );
}
