import { z } from 'zod';

/** Every JSON body the API sends: `{ status, data, message }` (ARCHITECTURE.md, API contract). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), data, message: z.string() });
}

export const errorEnvelope = envelope(z.null());

export interface ApiEnvelope<T> {
  status: number;
  data: T;
  message: string;
}
