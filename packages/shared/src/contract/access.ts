/**
 * Who may call, where the endpoints of several areas answer the same people (the service then checks the
 * object). A list only one area uses stays beside its endpoints.
 */

/** Staff, or a professor for the subject-periods they teach. */
export const TEACHING = ['teaching:any', 'teaching:own'] as const;

/** Staff, or a professor on the exams they score. */
export const EXAMEN_CALIFICACIONES = ['exams:manage', 'exam-scores:any', 'exam-scores:own'] as const;

/** Staff, and professors for the lists of the subject-periods they teach. */
export const MATERIA_REPORTS = ['reports:any', 'reports:own-subjects'] as const;

/** Staff, and a student for their own academic record. */
export const ACADEMIC_STATUS = ['reports:any', 'reports:own-status'] as const;
