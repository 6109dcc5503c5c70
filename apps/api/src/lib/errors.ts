import { MSG } from '@arandu/shared';

/** The one error class of the API: a status, a Spanish message, and per-field messages for forms. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, fieldErrors?: Record<string, string>) {
    return new AppError(400, message, fieldErrors);
  }
  static unauthorized(message: string = MSG.unauthorized) {
    return new AppError(401, message);
  }
  static forbidden(message: string = MSG.forbidden) {
    return new AppError(403, message);
  }
  /** Also the answer for someone else's object, so ids cannot be probed (DOMAIN.md section 2). */
  static notFound(message: string = MSG.notFound) {
    return new AppError(404, message);
  }
  static conflict(message: string = MSG.conflict) {
    return new AppError(409, message);
  }
  static tooManyRequests(message: string = MSG.tooManyRequests) {
    return new AppError(429, message);
  }
}

/** PostgreSQL error codes the API answers as client errors instead of 500s. */
export const PG = {
  uniqueViolation: '23505',
  /** A null byte in text: the shared schemas refuse it first (zText); this is the net under them. */
  characterNotInRepertoire: '22021',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  notNullViolation: '23502',
  stringTooLong: '22001',
  numericOutOfRange: '22003',
  invalidText: '22P02',
  raisedException: 'P0001',
  serializationFailure: '40001',
  deadlock: '40P01',
} as const;

export interface PgErrorLike {
  code: string;
  constraint?: string;
  message: string;
}

/** Drizzle wraps driver errors; the PostgreSQL error (with its SQLSTATE) is somewhere in the cause chain. */
export function findPgError(err: unknown): PgErrorLike | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as PgErrorLike;
    }
    current = candidate.cause;
  }
  return undefined;
}
