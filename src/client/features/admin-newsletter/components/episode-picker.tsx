import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import { MAILING_EPISODES_MAX, type SuggestedEpisode } from '@shared/schemas/newsletter.js';
import { Button } from '@client/components/ui/button.js';
import { episodeSearchQuery } from '../api/newsletter.js';

export interface PickedEpisode {
  id: number;
  title: string;
  thumbnail: string;
}

/**
 * The mailing's episodes: the new ones since the last mailing to tick, and any other found by its
 * title. Private ones are shown but cannot be picked (the server refuses them too).
 */
export function EpisodePicker({
  suggested,
  picked,
  onChange,
  error,
}: {
  suggested: readonly SuggestedEpisode[];
  picked: readonly PickedEpisode[];
  onChange: (picked: PickedEpisode[]) => void;
  error?: string | undefined;
}) {
  const [typed, setTyped] = useState('');
  const [words, setWords] = useState('');
  const search = useQuery(episodeSearchQuery(words));
  const searchId = useId();
  const errorId = useId();
  const isPicked = (id: number) => picked.some((episode) => episode.id === id);
  const full = picked.length >= MAILING_EPISODES_MAX;

  const toggle = (episode: PickedEpisode, on: boolean) =>
    onChange(
      on
        ? [...picked.filter((other) => other.id !== episode.id), episode]
        : picked.filter((other) => other.id !== episode.id),
    );

  const option = (episode: PickedEpisode, isPrivate = false) => (
    <li key={episode.id} className="newsletter-episode">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={isPicked(episode.id)}
          disabled={isPrivate || (full && !isPicked(episode.id))}
          onChange={(event) => toggle(episode, event.target.checked)}
        />
        {episode.thumbnail ? (
          <img className="admin-thumb" src={episode.thumbnail} alt="" width={64} height={36} />
        ) : null}
        <span>
          {episode.title}
          {isPrivate && (
            <span className="admin-badge admin-badge--private">{u.privateEpisode}</span>
          )}
        </span>
      </label>
    </li>
  );

  return (
    <fieldset
      className="newsletter-picker"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{u.episodes}</legend>
      <p className="newsletter-picker__count" aria-live="polite">
        {u.picked(picked.length)}
      </p>
      {picked.length > 0 && (
        <ul className="newsletter-picked">
          {picked.map((episode) => (
            <li key={episode.id}>
              <span>{episode.title}</span>
              <Button
                variant="ghost"
                aria-label={u.remove(episode.title)}
                onClick={() => toggle(episode, false)}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      <h3 className="newsletter-picker__heading">{u.suggested}</h3>
      {suggested.length === 0 ? (
        <p className="admin-empty">{u.noSuggested}</p>
      ) : (
        <ul className="newsletter-episodes">{suggested.map((episode) => option(episode))}</ul>
      )}
      <div className="newsletter-search">
        <label htmlFor={searchId}>{u.searchLabel}</label>
        <div className="newsletter-search__row">
          <input
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setWords(typed);
              }
            }}
          />
          <Button variant="secondary" onClick={() => setWords(typed)}>
            {u.searchButton}
          </Button>
        </div>
        {words.trim() !== '' && (
          <div aria-live="polite">
            {search.isFetching && !search.data ? (
              <p>{u.searching}</p>
            ) : search.isError ? (
              <p className="admin-error">{u.searchFailed}</p>
            ) : search.data && search.data.videos.length === 0 ? (
              <p className="admin-empty">{u.noResults}</p>
            ) : search.data ? (
              <ul className="newsletter-episodes">
                {search.data.videos.map((video) =>
                  option(
                    { id: video.id, title: video.title, thumbnail: video.thumbnail },
                    !video.public_state,
                  ),
                )}
              </ul>
            ) : null}
          </div>
        )}
      </div>
    </fieldset>
  );
}
