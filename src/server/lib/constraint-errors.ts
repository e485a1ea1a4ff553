import {
  isCheckViolation,
  isForeignKeyViolation,
  isUniqueViolation,
} from '@server/db/pg-errors.js';
import { badRequest, conflict, notFound, type HttpError } from './http-errors.js';

async function answering<T>(
  write: () => Promise<T>,
  violated: (error: unknown) => boolean,
  answer: () => HttpError,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violated(error)) throw answer();
    throw error;
  }
}

/**
 * A write a unique index may refuse: what it sets is taken (an email, by another account; a
 * video imported by another administrator at the same moment). A 409 with `message`, not a 500.
 */
export function conflictWhenTaken<T>(message: string, write: () => Promise<T>): Promise<T> {
  return answering(write, isUniqueViolation, () => conflict(message));
}

/**
 * A write referring to a row that may be deleted between the caller's check and the write: a 404
 * with `message` like any unknown id, not a foreign-key error's 500.
 */
export function notFoundWhenGone<T>(message: string, write: () => Promise<T>): Promise<T> {
  return answering(write, isForeignKeyViolation, () => notFound(message));
}

/**
 * A write a CHECK constraint may refuse because of what the row already holds (not what was sent,
 * which the schema checked): a 400 with `message` that says what to send instead.
 */
export function badRequestWhenChecked<T>(message: string, write: () => Promise<T>): Promise<T> {
  return answering(write, isCheckViolation, () => badRequest(message));
}
