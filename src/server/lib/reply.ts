import type { FastifyReply } from 'fastify';
import type { ApiEnvelope } from '@shared/api-envelope.js';

/** 200 in the envelope. */
export function ok<T>(data: T, message = 'OK'): ApiEnvelope<T> {
  return { status: 200, data, message };
}

/** 201 in the envelope; sets the status code on the reply too. */
export function created<T>(reply: FastifyReply, data: T, message = 'Created'): ApiEnvelope<T> {
  void reply.code(201);
  return { status: 201, data, message };
}
