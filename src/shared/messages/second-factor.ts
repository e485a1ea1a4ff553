/** API texts of second factors and sessions (add entries here; all-messages.ts picks them up). */
export const secondFactorMessages = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app, or a backup code',
  codeRequired: 'Please enter a code',
  codeInvalid: 'A code is 6 digits from your authenticator app, or a backup code like k7m2q-x9fh3',
  totpCodeInvalid: 'The code is the 6 digits your authenticator app shows',
  codeWrong: 'That code is not right, or was already used',
  challengeRequired: 'challenge is missing: send the one the login answered',
  challengeExpired: 'This sign-in has expired or had too many wrong codes; sign in again',
  passwordWrong: 'Your password is not right',
  enrolmentStarted: 'Scan the QR code, then enter the code your app shows',
  enrolmentMissing: 'Start the setup first: no authenticator is waiting for its first code',
  alreadyEnrolled: 'A second factor is already on; turn it off first to set up another',
  notEnrolled: 'No second factor is on for this account',
  keyMissing:
    'Second factors need SECOND_FACTOR_KEY set on the server (32 bytes in base64); ask whoever runs it',
  enrolled: 'Second factor on. Keep these backup codes somewhere safe: each works once',
  codesRenewed: 'New backup codes made; the old ones no longer work',
  turnedOff: 'Second factor off',
  requiredSaved: 'Setting saved',
  requiredCannotTurnOff:
    'Every administrator must have a second factor: it cannot be turned off while that setting is on',
  requiredInvalid: 'required must be true or false',
  requireOwnFirst: 'Set up your own second factor before requiring one of every administrator',
  enrolFirst:
    'An administrator must set up a second factor first: go to My Account in the back-office',
  resetDone: 'Second factor reset; they will set up a new one at their next sign-in',
  resetNotAdmin: 'Only an administrator has a second factor to reset',
  resetOwn: 'Turn your own second factor off from My Account',
  sessionIdInvalid: 'The session id in the address must be a whole number of 1 or more',
  sessionNotFound: 'You have no signed-in session with that id',
  sessionEnded: 'Signed out of that session',
  otherSessionsEnded: 'Signed out everywhere else',
} as const;
