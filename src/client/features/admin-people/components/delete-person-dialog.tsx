import { adminPeopleUiMessages as u } from '@shared/messages/admin-people-ui.js';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import type { ListedPerson } from '@shared/schemas/people.js';
import { ConfirmDeleteDialog } from '@client/components/admin/confirm-delete-dialog.js';
import { deleteUser } from '../api/people-lists.js';

/** The user delete popup, 'User Deleted Successfully' or 'Error deleting user'. */
export function DeletePersonDialog({
  person,
  isAdmin,
  onClose,
}: {
  person: ListedPerson | null;
  isAdmin: boolean;
  onClose: (deleted: boolean) => void;
}) {
  return (
    <ConfirmDeleteDialog
      open={person !== null}
      title={u.confirmUserDeletion}
      confirmLabel={u.deleteUserButton}
      successText={t.userDeleted}
      failureText={t.userDeleteFailed}
      onConfirm={() => (person ? deleteUser(person.id) : Promise.resolve())}
      onClose={onClose}
    >
      {person && (
        <>
          <div className="people-delete__who">
            <strong>{person.name}</strong>
            <span>{person.email}</span>
          </div>
          <p>{isAdmin ? u.deleteAdminQuestion : u.deleteUserQuestion}</p>
          <p>{t.cannotBeUndone}</p>
        </>
      )}
    </ConfirmDeleteDialog>
  );
}
