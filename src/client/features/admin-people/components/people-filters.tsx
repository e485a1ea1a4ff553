import { FiltersForm } from '@client/components/admin/filters-form.js';
import { useTypedFilters, type FiltersProps } from '@client/components/admin/use-typed-filters.js';
import { FormField } from '@client/components/ui/form-field.js';
import { SelectField } from '@client/components/ui/select-field.js';
import {
  LAST_LOGIN_FILTERS,
  type LastLoginFilter,
  type PeopleFilters,
} from '../api/people-lists.js';

const DAY_LABELS: Record<LastLoginFilter, string> = {
  all: 'All',
  '30': 'Last 30 days',
  '60': 'Last 60 days',
  '90': 'Last 90 days',
};

const TYPED = ['q'] as const;

const isLastLoginFilter = (value: string): value is LastLoginFilter =>
  (LAST_LOGIN_FILTERS as readonly string[]).includes(value);

/** The name search and the last-login filter; both lists follow them. */
export function PeopleFiltersForm(props: FiltersProps<PeopleFilters>) {
  const { filters } = props;
  const typed = useTypedFilters(props, TYPED);

  return (
    <FiltersForm label="Filter people" className="people-filters" onApply={typed.apply}>
      <FormField
        label="Search by name"
        fieldClassName="people-filters__search"
        placeholder="First or last name"
        {...typed.field('q')}
      />
      <SelectField
        label="Last login"
        fieldClassName="people-filters__days"
        name="days"
        value={filters.days}
        onChange={(event) => {
          const { value } = event.target;
          // The typed name goes along, even if its pause has not run out yet.
          if (isLastLoginFilter(value)) typed.apply({ days: value });
        }}
      >
        {LAST_LOGIN_FILTERS.map((value) => (
          <option key={value} value={value}>
            {DAY_LABELS[value]}
          </option>
        ))}
      </SelectField>
    </FiltersForm>
  );
}
