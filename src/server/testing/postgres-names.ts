import { randomBytes } from 'node:crypto';

/** The database to connect to for CREATE/DROP DATABASE: the URL's own one. */
export function adminUrl(url: string): string {
  return url;
}

export function postgresTemplateName(): string {
  return `twang_template_${process.pid}`;
}

export function freshDatabaseName(): string {
  return `twang_test_${randomBytes(6).toString('hex')}`;
}
