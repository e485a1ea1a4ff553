import { randomBytes } from 'node:crypto';

export function postgresTemplateName(): string {
  return `twang_template_${process.pid}`;
}

export function freshDatabaseName(): string {
  return `twang_test_${randomBytes(6).toString('hex')}`;
}
