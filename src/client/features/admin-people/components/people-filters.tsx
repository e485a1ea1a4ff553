import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FILTER_TYPING_PAUSE_MS } from '@client/lib/use-debounced.js';
import {
  LAST_LOGIN_FILTERS,
  type LastLoginFilter,
  type PeopleFilters,
} from '../api/people-lists.js';

/** Typing pauses this long before the lists search, so a name costs one request, not one a key. */
export const SEARCH_DELAY_MS = FILTER_TYPING_PAUSE_MS;

const DAY_LABELS: Record<LastLoginFilter, string> = {
  all: 'All',
  '30': 'Last 30 days',
  '60': 'Last 60 days',
  '90': 'Last 90 days',
};

const isLastLoginFilter = (value: string): value is LastLoginFilter =>
  (LAST_LOGIN_FILTERS as readonly string[]).includes(value);

/** The name search and the last-login filter; both lists follow them. */
export function PeopleFiltersForm({
  filters,
  onChange,
}: {
  filters: PeopleFilters;
  onChange: (filters: PeopleFilters) => void;
}) {
  const searchId = useId();
  const daysId = useId();
  const [text, setText] = useState(filters.q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (q: string) => {
    clearTimeout(timer.current);
    onChange({ ...filters, q });
  };

  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange({ ...filters, q: value }), SEARCH_DELAY_MS);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(text);
  };

  return (
    <form
      role="search"
      aria-label="Filter people"
      className="admin-filters people-filters"
      onSubmit={submit}
    >
      <div className="field people-filters__search">
        <label htmlFor={searchId}>Search by name</label>
        <input
          id={searchId}
          type="search"
          name="q"
          autoComplete="off"
          placeholder="First or last name"
          value={text}
          onChange={(event) => type(event.target.value)}
        />
      </div>
      <div className="field people-filters__days">
        <label htmlFor={daysId}>Last login</label>
        <select
          id={daysId}
          name="days"
          value={filters.days}
          onChange={(event) => {
            const { value } = event.target;
            // The typed name goes along, even if its pause has not run out yet.
            clearTimeout(timer.current);
            if (isLastLoginFilter(value)) onChange({ q: text, days: value });
          }}
        >
          {LAST_LOGIN_FILTERS.map((value) => (
            <option key={value} value={value}>
              {DAY_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
