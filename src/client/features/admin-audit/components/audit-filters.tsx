import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, isAuditAction } from '@shared/audit-actions.js';
import { adminAuditUiMessages as u } from '@shared/messages/admin-audit-ui.js';
import { FILTER_TYPING_PAUSE_MS } from '@client/lib/use-debounced.js';
import type { AuditFilters } from '../api/audit-log.js';

type TextFilter = 'actor' | 'target';

/** Who, which call, on what: typing waits for a pause, the action list applies at once. */
export function AuditFiltersForm({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}) {
  const ids = { actor: useId(), action: useId(), target: useId() };
  const [text, setText] = useState({ actor: filters.actor, target: filters.target });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const type = (field: TextFilter, value: string) => {
    const next = { ...text, [field]: value };
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange({ ...filters, ...next }), FILTER_TYPING_PAUSE_MS);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(timer.current);
    onChange({ ...filters, ...text });
  };

  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      className="admin-filters audit-filters"
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor={ids.actor}>Administrator</label>
        <input
          id={ids.actor}
          type="search"
          name="actor"
          autoComplete="off"
          placeholder="Part of an email"
          value={text.actor}
          onChange={(event) => type('actor', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.action}>Action</label>
        <select
          id={ids.action}
          name="action"
          value={filters.action}
          onChange={(event) => {
            const { value } = event.target;
            clearTimeout(timer.current);
            onChange({ ...filters, ...text, action: isAuditAction(value) ? value : '' });
          }}
        >
          <option value="">{u.allActions}</option>
          {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field audit-filters__target">
        <label htmlFor={ids.target}>Item id</label>
        <input
          id={ids.target}
          type="search"
          name="target"
          inputMode="numeric"
          autoComplete="off"
          value={text.target}
          onChange={(event) => type('target', event.target.value)}
        />
      </div>
    </form>
  );
}
