/**
 * Texts of the People screens that the spec leaves to us (its own texts are in admin-ui.ts and
 * validation.ts). Kept apart so the spec's list stays word for word.
 */
export const adminPeopleUiMessages = {
  confirmUserDeletion: 'Confirm User Deletion',
  deleteUserQuestion: 'Are you sure you want to delete this user?',
  deleteAdminQuestion: 'Are you sure you want to delete this administrator?',
  deleteUserButton: 'Delete User',
  adminsLoadFailed: 'There was an error loading the administrators.',
  usersLoadFailed: 'There was an error loading the users.',
  noAdminsFound: 'No administrators match these filters.',
  noUsersFound: 'No users match these filters.',
  neverLoggedIn: 'Never',
  updatePasswordTitle: 'Update Password',
} as const;
