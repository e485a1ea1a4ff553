import type { z } from 'zod';
import type { envelope } from '@shared/api-envelope.js';
import { answerWithExample } from './route-schema.js';

/** A 201 answer with its example: the documented side of what `created()` answers. */
export function answerCreated<T extends z.ZodType>(
  data: T,
  example: z.output<T>,
  message: string,
): ReturnType<typeof envelope<T>> {
  return answerWithExample(data, { status: 201, data: example, message });
}
