import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '@client/components/admin/admin-page.js';
import { useSession } from '@client/lib/session.js';
import type { PeopleFilters } from '../api/people-lists.js';
import { PeopleFiltersForm } from './people-filters.js';
import { PeopleList } from './people-list.js';
import './people.css';
import { adminLink } from '@shared/page-paths.js';

/** /admin/userDashboard: administrators and users, one search and last-login filter for both. */
export function UserDashboardPage() {
  const session = useSession();
  const [filters, setFilters] = useState<PeopleFilters>({ q: '', days: 'all' });
  return (
    <AdminPage
      title="Users"
      actions={
        <Link to={adminLink.newAdmin} className="btn btn--primary">
          + Add Admin
        </Link>
      }
    >
      <PeopleFiltersForm filters={filters} onChange={setFilters} />
      <PeopleList kind="admins" filters={filters} selfId={session?.id} />
      <PeopleList kind="users" filters={filters} selfId={session?.id} />
    </AdminPage>
  );
}
