import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { adminPeopleUiMessages as u } from '@shared/messages/admin-people-ui.js';
import type { ListedPerson } from '@shared/schemas/people.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { Pager } from '@client/components/admin/pager.js';
import { DeleteButton } from '@client/components/admin/row-actions.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { plural } from '@client/lib/format.js';
import {
  PEOPLE_LISTS_KEY,
  PEOPLE_PAGE_SIZE,
  peopleQuery,
  type PeopleFilters,
  type PeopleKind,
} from '../api/people-lists.js';
import { DeletePersonDialog } from './delete-person-dialog.js';
import { ResetSecondFactorDialog } from './reset-second-factor-dialog.js';
import { LastLogin } from './last-login.js';

const KINDS = {
  admins: {
    title: 'Administrators',
    one: 'administrator',
    many: 'administrators',
    loadFailed: u.adminsLoadFailed,
    empty: u.noAdminsFound,
  },
  users: {
    title: 'Users',
    one: 'user',
    many: 'users',
    loadFailed: u.usersLoadFailed,
    empty: u.noUsersFound,
  },
} as const;

/**
 * One list of the user dashboard: a page of 5 people matching the filters, a pager, and a delete
 * button per person (never for the signed-in administrator: nobody deletes themselves from here).
 */
export function PeopleList({
  kind,
  filters,
  selfId,
}: {
  kind: PeopleKind;
  filters: PeopleFilters;
  selfId: number | undefined;
}) {
  const text = KINDS[kind];
  const queryClient = useQueryClient();
  // New filters start again on page 1, without an effect (and an extra request for the old page).
  const filterKey = `${filters.q.trim()}\n${filters.days}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });
  const list = useQuery(peopleQuery(kind, filters, page));
  const [target, setTarget] = useState<ListedPerson | null>(null);
  const [resetting, setResetting] = useState<ListedPerson | null>(null);
  const [deletions, setDeletions] = useState(0);
  const summary = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    // List failures are logged; the screen also says so briefly (see the brief).
    if (list.error) console.error(text.loadFailed, list.error);
  }, [list.error, text.loadFailed]);

  useEffect(() => {
    // The deleted row's button is gone, so focus goes to the list's summary, not to the page top.
    if (deletions > 0) summary.current?.focus();
  }, [deletions]);

  const closeDialog = (deleted: boolean) => {
    setTarget(null);
    if (!deleted) return;
    // The last person of a page was deleted: show the page before it rather than an empty one.
    if (list.data?.people.length === 1 && page > 1) setPage(page - 1);
    void queryClient.invalidateQueries({ queryKey: PEOPLE_LISTS_KEY });
    setDeletions((count) => count + 1);
  };

  const renderBody = () => {
    if (list.isError && !list.data) {
      return (
        <p className="admin-error" role="alert">
          {text.loadFailed}
        </p>
      );
    }
    if (!list.data) return <LoadingView label={`Loading ${text.many}…`} />;
    const { people, pageInfo } = list.data;
    const lastPage = Math.max(1, Math.ceil(pageInfo.total / PEOPLE_PAGE_SIZE));
    return (
      <>
        <p ref={summary} className="admin-summary" tabIndex={-1} aria-live="polite">
          {plural(pageInfo.total, text.one, text.many)}
          {lastPage > 1 && `, page ${pageInfo.page} of ${lastPage}`}
        </p>
        {list.isError && (
          <p className="admin-error" role="alert">
            {text.loadFailed}
          </p>
        )}
        {people.length === 0 ? (
          <p className="admin-empty">{text.empty}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table people-table" aria-busy={list.isPlaceholderData}>
              <caption className="visually-hidden">{text.title}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Last Login</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {people.map((person) => (
                  <tr key={person.id}>
                    <th scope="row" className="people-table__name">
                      {person.name}
                      {person.id === selfId && (
                        <span className="admin-badge people-badge--self">You</span>
                      )}
                    </th>
                    <td className="people-table__email">{person.email}</td>
                    <td className="people-table__login">
                      <LastLogin iso={person.last_login} />
                    </td>
                    <td className="people-table__actions">
                      {person.id !== selfId && kind === 'admins' && (
                        <button
                          type="button"
                          className="link-button people-table__reset"
                          aria-haspopup="dialog"
                          aria-label={`Reset 2FA of ${person.name}`}
                          onClick={() => setResetting(person)}
                        >
                          Reset 2FA
                        </button>
                      )}
                      {person.id !== selfId && (
                        <DeleteButton name={person.name} onClick={() => setTarget(person)} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager label={`${text.title} pages`} page={page} lastPage={lastPage} onPage={setPage} />
      </>
    );
  };

  return (
    <AdminPanel title={text.title} className="people-list">
      {renderBody()}
      <DeletePersonDialog person={target} isAdmin={kind === 'admins'} onClose={closeDialog} />
      <ResetSecondFactorDialog person={resetting} onClose={() => setResetting(null)} />
    </AdminPanel>
  );
}
