import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, MSG_QUALITY } from '@arandu/shared';
import { AppError, findPgError, PG, refusalOf } from '../lib/errors.js';

interface ErrorBody {
  error: string;
  errors?: Record<string, string>;
}

/** Maps a database refusal to the answer a user can act on; anything unknown stays a 500. */
function fromDatabase(err: unknown): { status: number; body: ErrorBody } | undefined {
  const pgError = findPgError(err);
  if (!pgError) return undefined;
  // A trigger's refusal (sealed records, audit log) no service expected: its code decides the words (lib/errors.ts).
  const refused = refusalOf(err, 409);
  if (refused) return { status: refused.statusCode, body: { error: refused.message } };
  switch (pgError.code) {
    case PG.uniqueViolation:
      return { status: 409, body: { error: 'Ya existe un registro con esos datos' } };
    case PG.foreignKeyViolation:
      return {
        status: 409,
        body: { error: 'El registro está relacionado con otros datos y no puede modificarse así' },
      };
    case PG.checkViolation:
    case PG.notNullViolation:
    case PG.stringTooLong:
    case PG.numericOutOfRange:
    case PG.invalidText:
    case PG.characterNotInRepertoire:
      return { status: 400, body: { error: MSG.invalidInput } };
    case PG.serializationFailure:
    case PG.deadlock:
      return { status: 409, body: { error: MSG.conflict } };
    default:
      return undefined;
  }
}

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

/**
 * Errors Fastify raises before any route or hook runs (a URL that does not decode, such as `%c0%ae`; a param
 * too long): the app's error shape in Spanish, never Fastify's English text echoing the URL.
 * Passed as the `frameworkErrors` option of Fastify (app.ts), which is the only place they can be caught.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void reply.status(status).send({ error: MSG_QUALITY.badUrl } satisfies ErrorBody);
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = { error: err.message };
      if (err.fieldErrors) body.errors = err.fieldErrors;
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = fieldPath(issue.instancePath);
        errors[key] ??= issue.message ?? MSG.invalidInput;
      }
      const first = err.validation[0]?.message;
      return reply.status(400).send({ error: first ?? MSG.invalidInput, errors });
    }
    const fromDb = fromDatabase(err);
    if (fromDb) {
      request.log.warn({ err }, 'database refused a write');
      return reply.status(fromDb.status).send(fromDb.body);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'reply did not match its schema');
      return reply.status(500).send({ error: MSG.errorGeneric });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ error: MSG.payloadTooLarge });
    if (status === 429) return reply.status(429).send({ error: MSG.tooManyRequests });
    if (status === 415) return reply.status(415).send({ error: 'El tipo de contenido enviado no es válido' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad multipart): never leak their English text.
      return reply.status(status).send({ error: MSG.invalidInput });
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ error: MSG.errorGeneric });
  });
});
