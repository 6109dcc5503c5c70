import { ENROL_MSG, MSG, MSG_TEACHING } from '@arandu/shared';

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
  /** A 400 about one form field: the message is the reply's and the field's, so the form shows it in place. */
  static badField(field: string, message: string) {
    return new AppError(400, message, { [field]: message });
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

/**
 * The refusals the database's triggers raise, each with its own SQLSTATE of class 'AR' (migration
 * 0039_refusal_codes, decision 026): the API tells them apart by code, never by the text of the message.
 * A new RAISE takes the next free code and a line here (test/quality/refusal-codes.test.ts checks both).
 */
export const REFUSAL = {
  /** An append-only record: the audit log, sealed actas, reopenings, rectifications, certificates. */
  appendOnly: 'AR001',
  /** TRUNCATE of a table that holds grades, attendance, sealed actas or the audit log. */
  noTruncate: 'AR002',
  subjectStateBackwards: 'AR003',
  subjectGradingFrozen: 'AR004',
  /** The enrolments and hand-entered figures of a published or sealed subject-period. */
  subjectEnrolmentsFrozen: 'AR005',
  /** The homework, marks and attendance of a published or sealed subject-period. */
  subjectTeachingFrozen: 'AR006',
  examScoresSealed: 'AR007',
  examSealedDelete: 'AR008',
  examSealedUpdate: 'AR009',
  examReopenRequired: 'AR010',
  examCodeUsed: 'AR011',
  examSealedWithoutActa: 'AR012',
  actaWithoutSealedExam: 'AR013',
  reopenRootOnly: 'AR014',
  reopenWrongActa: 'AR015',
  rectifyForbidden: 'AR016',
  rectifyExamNotSealed: 'AR017',
  rectifyExamStudentMissing: 'AR018',
  rectifySubjectNotSealed: 'AR019',
  rectifySubjectStudentMissing: 'AR020',
  /** The subject, period or dates of a published or sealed subject-period (migration 0045). */
  subjectPublishedFrozen: 'AR021',
  /** An enrolment over the cap (`arandu.sobrecupo`) written for someone who is not an Admin. */
  overbookingAdminOnly: 'AR022',
  /** An offered seat given to an entry of a waiting list with students still waiting ahead of it. */
  offerOutOfOrder: 'AR023',
} as const;
export type RefusalCode = (typeof REFUSAL)[keyof typeof REFUSAL];

const REFUSAL_CODES = new Set<string>(Object.values(REFUSAL));

/**
 * Where the API words a refusal otherwise than the trigger; the others answer with the trigger's own message,
 * written in Spanish for the user (and naming the table for the append-only and truncate refusals).
 */
const REFUSAL_WORDING: Partial<Record<RefusalCode, string>> = {
  [REFUSAL.subjectEnrolmentsFrozen]: ENROL_MSG.published,
  [REFUSAL.subjectTeachingFrozen]: MSG_TEACHING.frozen,
};

/**
 * The reply to a trigger's refusal found in `err`'s cause chain: 400 where a service expects it (its own check
 * came first and the trigger is the net under a race), 409 from the error handler for one no service caught.
 */
export function refusalOf(err: unknown, status: 400 | 409 = 400): AppError | undefined {
  const pg = findPgError(err);
  if (!pg || !REFUSAL_CODES.has(pg.code)) return undefined;
  return new AppError(status, REFUSAL_WORDING[pg.code as RefusalCode] ?? pg.message);
}
