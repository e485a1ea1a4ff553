/**
 * Texts the API answers with. The spec's texts are word for word; the others follow their tone.
 * Keep one list so the client can show them and the tests can assert them.
 */
export const apiMessages = {
  // auth and sessions
  loginFailed: 'Incorrect email or password.',
  loggedIn: 'Signed in',
  registered: 'Account created',
  loggedOut: 'Signed out',
  emailTaken: 'An account with this email already exists.',
  signInRequired: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  adminRequired: 'Only administrators can do that.',
  tooManyAttempts: 'Too many attempts. Please wait a while and try again.',
  shuttingDown: 'This server is restarting. Please try again in a moment.',
  overloaded: 'The site is very busy right now. Please try again in a few seconds.',
  tooManyRequests: 'Too many requests. Please slow down and try again in a moment.',
  notYourAccount: 'You can only change your own account.',
  // account
  accountSaved: 'Account changes saved',
  passwordChanged: 'Password changed successfully',
  currentPasswordWrong: 'Your current password is incorrect.',
  passwordTooCommon: 'This password is too common and easy to guess. Please choose another.',
  accountDeleted: 'Account deleted',
  accountDeleteFailed: 'There was an error deleting your account',
  userNotFound: 'User not found.',
  lastAdmin: 'The last administrator cannot be deleted.',
  userDeleted: 'User Deleted Successfully',
  // recovery
  recoveryCodeSent: 'If an account exists for that email, a recovery code is on its way.',
  recoveryCodeValid: 'Recovery code accepted.',
  recoveryCodeInvalid: 'That recovery code is not valid or has expired.',
  passwordReset: 'Your password has been reset.',
  // admin people
  adminCreated: 'Account Successfully created',
  adminUpdated: 'Information updated',
  // catalogue
  videoNotFound: 'Video not found.',
  artistNotFound: 'Artist not found.',
  tagNotFound: 'Tag not found.',
  videoImported: 'Video imported successfully',
  videoAlreadyImported: 'This video has already been imported',
  videosImported: 'Videos Successfully Imported',
  videoImportFailed: 'Error getting video',
  youtubeSignIn: 'Please sign in to your YouTube account, then come back and try again.',
  youtubeNoApiKey:
    'The server has no YouTube Data API key, so it cannot import from YouTube. Ask whoever runs the server to set YOUTUBE_API_KEY.',
  youtubeNoChannel:
    "The server does not know the show's YouTube channel, so it cannot import its videos. Ask whoever runs the server to set YOUTUBE_CHANNEL_ID.",
  youtubeUnavailable: 'YouTube did not answer in time. Please try again in a moment.',
  youtubeLinkInvalid: 'That is not a YouTube video link.',
  youtubeVideoMissing: 'YouTube has no video at that link.',
  videoUpdated: 'Video updated successfully',
  videoDeleted: 'Video Deleted Successfully',
  featuredVideoUpdated: 'Featured Video Updated',
  layoutUpdated: 'Layout updated successfully',
  tagsUpdated: 'Tags Successfully Updated',
  artistCreated: 'Artist Successfully created',
  artistEdited: 'Artist Successfully edited',
  artistDeleted: 'Artist Deleted Successfully',
  artistSearchTooShort: 'Enter at least 3 characters to search for an artist.',
  searchEmpty: 'Enter something to search for.',
  liked: 'Liked',
  unliked: 'Like removed',
} as const;

export type ApiMessageKey = keyof typeof apiMessages;
