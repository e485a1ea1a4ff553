import { AUDIT_ACTIONS, isAuditAction } from '@shared/audit-actions.js';
import { adminAuditUiMessages as u } from '@shared/messages/admin-audit-ui.js';
import { FiltersForm } from '@client/components/admin/filters-form.js';
import { useTypedFilters, type FiltersProps } from '@client/components/admin/use-typed-filters.js';
import { FormField } from '@client/components/ui/form-field.js';
import { SelectField } from '@client/components/ui/select-field.js';
import type { AuditFilters } from '../api/audit-log.js';

const TYPED = ['actor', 'target'] as const;

/** Who, which call, on what: typing waits for a pause, the action list applies at once. */
export function AuditFiltersForm(props: FiltersProps<AuditFilters>) {
  const { filters } = props;
  const typed = useTypedFilters(props, TYPED);

  return (
    <FiltersForm label="Filter the audit log" className="audit-filters" onApply={typed.apply}>
      <FormField label="Administrator" placeholder="Part of an email" {...typed.field('actor')} />
      <SelectField
        label="Action"
        name="action"
        value={filters.action}
        onChange={(event) => {
          const { value } = event.target;
          typed.apply({ action: isAuditAction(value) ? value : '' });
        }}
      >
        <option value="">{u.allActions}</option>
        {Object.entries(AUDIT_ACTIONS).map(([action, { label }]) => (
          <option key={action} value={action}>
            {label}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Item id"
        fieldClassName="audit-filters__target"
        inputMode="numeric"
        {...typed.field('target')}
      />
    </FiltersForm>
  );
}
