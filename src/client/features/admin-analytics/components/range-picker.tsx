import { useState, type FormEvent } from 'react';
import { ANALYTICS_FIRST_DAY, ANALYTICS_PRESETS } from '@shared/analytics-range-rules.js';
import { adminAnalyticsUiMessages as u } from '@shared/messages/admin-analytics-ui.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
import type { AnalyticsRange } from '../api/site-figures.js';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The last 7, 30, 90 or 365 days at one click; a custom range asks for its two days and applies
 * them together, so half a range is never asked for.
 */
export function RangePicker({
  range,
  shown,
  sincePublished = false,
  onChange,
}: {
  range: AnalyticsRange;
  /** Offer "Since published" (an episode's page). */
  sincePublished?: boolean;
  /** The range the figures on screen cover: a custom range starts from it. */
  shown: { from: string; to: string } | undefined;
  onChange: (range: AnalyticsRange) => void;
}) {
  const [customOpen, setCustomOpen] = useState(range.kind === 'custom');
  const [from, setFrom] = useState(range.kind === 'custom' ? range.from : (shown?.from ?? ''));
  const [to, setTo] = useState(range.kind === 'custom' ? range.to : (shown?.to ?? ''));
  const selected = customOpen
    ? 'custom'
    : range.kind === 'preset'
      ? range.days
      : range.kind === 'published'
        ? 'published'
        : 'custom';

  const openCustom = () => {
    setCustomOpen(true);
    if (!from && shown) setFrom(shown.from);
    if (!to && shown) setTo(shown.to);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (from && to) onChange({ kind: 'custom', from, to });
  };

  return (
    <div className="range-picker">
      <fieldset className="range-picker__presets">
        <legend className="visually-hidden">{u.period}</legend>
        {sincePublished && (
          <label className="range-picker__option">
            <input
              type="radio"
              name="analytics-period"
              value="published"
              checked={selected === 'published'}
              onChange={() => {
                setCustomOpen(false);
                onChange({ kind: 'published' });
              }}
            />
            <span>{u.sincePublished}</span>
          </label>
        )}
        {ANALYTICS_PRESETS.map((days) => (
          <label key={days} className="range-picker__option">
            <input
              type="radio"
              name="analytics-period"
              value={days}
              checked={selected === days}
              onChange={() => {
                setCustomOpen(false);
                onChange({ kind: 'preset', days });
              }}
            />
            <span>{days === '365' ? 'Last year' : `Last ${days} days`}</span>
          </label>
        ))}
        <label className="range-picker__option">
          <input
            type="radio"
            name="analytics-period"
            value="custom"
            checked={selected === 'custom'}
            onChange={openCustom}
          />
          <span>{u.custom}</span>
        </label>
      </fieldset>
      {customOpen && (
        <form className="range-picker__custom" onSubmit={apply} aria-label={u.custom}>
          <FormField
            label={u.from}
            type="date"
            required
            min={ANALYTICS_FIRST_DAY}
            max={today()}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <FormField
            label={u.to}
            type="date"
            required
            min={ANALYTICS_FIRST_DAY}
            max={today()}
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            {u.apply}
          </Button>
        </form>
      )}
    </div>
  );
}
