/**
 * @simplewebauthn/server, loaded on first use: it brings @peculiar/x509 and its ASN.1 schemas,
 * about 70 ms of a start's main thread on a slow machine, for a ceremony only administrators
 * and passkey sign-ins ever run.
 */
export const webauthn = () => import('@simplewebauthn/server');
