import { apiMessages } from './api.js';
import { validationMessages } from './validation.js';

const everyMessage = new Set<string>([
  ...Object.values(validationMessages),
  ...Object.values(apiMessages),
]);

/** True for the texts written for people; the API sends those as they are, without a field prefix. */
export function isSharedMessage(text: string): boolean {
  return everyMessage.has(text);
}
