/**
 * Texts of the back-office screens, word for word where the product spec gives them. Validation
 * texts live in validation.ts; texts the API answers with live in api.ts.
 */
export const adminUiMessages = {
  // login and recovery popups
  loginFailed: 'Error logging in',
  notAnAdmin: 'This account cannot use the back-office.',
  recoverySendFailed: 'Error sending recovery code, check your email address',
  recoveryValidateFailed: 'Error validating code, double check your email',
  recoveryResetFailed: 'Error updating your password, please try again later',
  recoveryPasswordChanged: 'Password Changed Successfully',
  // dashboard
  dashboardLoadFailed: 'Error Loading Page',
  importFailed: 'Error Importing Recent Videos',
  importSucceeded: 'Videos Successfully Imported',
  tagsUpdateFailed: 'Error Updating Tags',
  tagsUpdated: 'Tags Successfully Updated',
  // videos page
  noSearchResults: 'No results based on search',
  addTagTitle: 'Add a tag to your layout',
  addTagNote:
    'Only an existing tag can be added. To use a new tag, first add it to a video, then add it here.',
  layoutUpdateFailed: 'Error updating layout',
  layoutUpdated: 'Layout updated successfully',
  featuredUpdateFailed: 'Error updating featured video',
  featuredUpdated: 'Featured Video Updated',
  confirmVideoDeletion: 'Confirm Video Deletion',
  deleteVideoQuestion: 'Are you sure you want to delete this video?',
  videoStaysOnYoutube: 'This video will remain on YouTube',
  videoDeleteFailed: 'Error deleting video',
  videoDeleted: 'Video Deleted Successfully',
  // video editor
  videoImported: 'Video imported successfully',
  videoAlreadyImported: 'This video has already been imported',
  videoImportFailed: 'Error getting video',
  videoUpdateFailed: 'Error updating video',
  videoUpdated: 'Video updated successfully',
  // artists
  confirmArtistDeletion: 'Confirm Artist Deletion',
  deleteArtistQuestion: 'Are you sure you want to delete this artist?',
  cannotBeUndone: 'This process cannot be undone',
  artistDeleteFailed: 'Error deleting artist',
  artistDeleted: 'Artist Deleted Successfully',
  artistCreateFailed: 'Error creating new artist',
  artistCreated: 'Artist Successfully created',
  artistEditFailed: 'Error editing artist',
  artistEdited: 'Artist Successfully edited',
  featuredExplanation: "easy to find in the user's artist page",
  notFeaturedExplanation: 'still found through regular searches',
  // people
  userDeleteFailed: 'Error deleting user',
  userDeleted: 'User Deleted Successfully',
  adminInfoLoadFailed: 'Error loading admin info',
  infoUpdateFailed: 'Error updating information',
  infoUpdated: 'Information updated',
  passwordUpdateFailed: 'Error trying to update password',
  passwordUpdated: 'Password changed successfully',
  adminCreateFailed: 'Error creating new administrator account',
  adminCreated: 'Account Successfully created',
} as const;
