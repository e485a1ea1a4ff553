/**
 * What @simplewebauthn/browser's startRegistration and startAuthentication send, as the
 * OpenAPI document shows them (shortened values; a real answer is signed by the authenticator).
 */
const credentialId = 'kX2f9Qe1bT0sZ8yWcVd3Lg';
const credential = {
  id: credentialId,
  rawId: credentialId,
  type: 'public-key' as const,
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
};

export const registrationAnswerExample = {
  ...credential,
  response: {
    clientDataJSON:
      'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoicjNHMXNUckF0MTBuQ2g0bEwzbkdlIn0',
    attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVjF…',
    transports: ['internal' as const, 'hybrid' as const],
  },
};

export const authenticationAnswerExample = {
  ...credential,
  response: {
    clientDataJSON:
      'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiYVV0SDNuVDFjNHQxMG5DaDRsTDNuR2UifQ',
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
    signature: 'MEUCIQC…',
    userHandle: 'dHdhbmctdXNlci0x',
  },
};
