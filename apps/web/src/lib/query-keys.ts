import type { QueryKey } from '@tanstack/react-query';

/**
 * Every query key of the web in one place (docs/decisions/025-endpoint-contract.md). A feature's keys start
 * with its group's `all`, so invalidating `all` refreshes everything the feature shows, and a screen of
 * another feature that shows the same data invalidates through here rather than by a copied string.
 */
export const queryKeys = {
  rooms: {
    all: ['aulas'] as const,
    list: (request: unknown): QueryKey => ['aulas', 'list', request],
    detail: (id: number) => ['aulas', 'one', id] as const,
    libres: (query: unknown): QueryKey => ['aulas', 'libres', query],
    periodos: ['aulas', 'periodos'] as const,
    calendario: (periodoId: number) => ['aulas', 'calendario', periodoId] as const,
  },
  careers: {
    all: ['carreras'] as const,
    /** A DataList's page: typed as any key, as DataList takes every list's. */
    list: (request: unknown): QueryKey => ['carreras', 'list', request],
    detail: (id: number) => ['carreras', 'one', id] as const,
  },
  subjects: {
    all: ['materias'] as const,
    list: (request: unknown): QueryKey => ['materias', 'list', request],
    detail: (id: number | null) => ['materias', 'one', id] as const,
    formData: ['materias', 'form-data'] as const,
  },
  mallas: {
    all: ['mallas'] as const,
    list: (request: unknown): QueryKey => ['mallas', 'list', request],
    detail: (id: number | null) => ['mallas', 'one', id] as const,
    formData: ['mallas', 'form-data'] as const,
    materias: (mallaId: number, request: unknown): QueryKey => ['mallas', 'materias', mallaId, request],
    exceptions: (mallaId: number, materiaMallaId: number) =>
      ['mallas', 'excepciones', mallaId, materiaMallaId] as const,
    studentSearch: (mallaId: number, search: string) => ['mallas', 'student-search', mallaId, search] as const,
  },
  periods: {
    all: ['periodos'] as const,
    list: (request: unknown): QueryKey => ['periodos', 'list', request],
    detail: (id: number | null) => ['periodos', 'one', id] as const,
    formData: ['periodos', 'form-data'] as const,
    editSubjects: (periodoId: number) => ['periodos', 'edit-subjects', periodoId] as const,
    subjectsBySemesters: (periodoId: number, carreraId: number) =>
      ['periodos', 'subjects-by-semesters', periodoId, carreraId] as const,
    materias: (periodoId: number, request: unknown): QueryKey => ['periodos', 'materias', periodoId, request],
  },
  /** Every cached subject-period query starts with `all` (the periods and teaching screens invalidate it too). */
  subjectPeriods: {
    all: ['materias-periodo'] as const,
    list: (request: unknown): QueryKey => ['materias-periodo', 'list', request],
    detail: (id: number) => ['materias-periodo', 'one', id] as const,
    formData: ['materias-periodo', 'form-data'] as const,
    mallaSubjects: (mallaId: number | null) => ['materias-periodo', 'malla-subjects', mallaId] as const,
    alumnos: (id: number) => ['materias-periodo', 'alumnos', id] as const,
    move: (id: number) => ['materias-periodo', 'move', id] as const,
    rectifications: (id: number) => ['materias-periodo', 'rectificaciones', id] as const,
    waitlist: (id: number) => ['materias-periodo', 'lista-espera', id] as const,
  },
  professors: {
    all: ['profesor-materias'] as const,
    list: (body: unknown): QueryKey => ['profesor-materias', 'list', body],
    dashboard: ['profesor-materias', 'dashboard'] as const,
    formData: ['profesor-materias', 'form-data'] as const,
  },
  students: {
    all: ['students'] as const,
    list: (request: unknown): QueryKey => ['students', 'list', request],
    detail: (id: number) => ['students', 'detail', id] as const,
    mallas: ['students', 'mallas'] as const,
    options: (search: string, usuarioId: number | null) => ['students', 'options', search, usuarioId] as const,
  },
  enrolments: {
    all: ['enrolments'] as const,
    /** A DataList's page: typed as any key, as DataList takes every list's. */
    list: (mine: boolean, payload: unknown): QueryKey => ['enrolments', 'list', mine, payload],
    listFormData: ['enrolments', 'list-form-data'] as const,
    detail: (id: number | null) => ['enrolments', 'detail', id] as const,
    formData: (isNew: boolean) => ['enrolments', 'form-data', isNew] as const,
    mallaOffer: (mallaId: number | null) => ['enrolments', 'malla-offer', mallaId] as const,
    myStudent: ['enrolments', 'my-student'] as const,
    bySemesters: (perfilAlumnoId: number | null) => ['enrolments', 'by-semesters', perfilAlumnoId] as const,
    studentSearch: (search: string) => ['enrolments', 'student-search', search] as const,
    alerts: ['enrolments', 'alertas'] as const,
    waitlist: ['enrolments', 'lista-espera'] as const,
    tablero: ['enrolments', 'tablero'] as const,
    myMalla: ['enrolments', 'my-malla'] as const,
  },
  /** Exams, their enrolments and actas rectificativas: every exam save invalidates `all` (and `myExams.all`). */
  exams: {
    all: ['exams'] as const,
    list: (request: unknown): QueryKey => ['exams', 'list', request],
    detail: (id: number | null) => ['exams', 'one', id] as const,
    formData: (periodoId: number | null) => ['exams', 'form-data', periodoId] as const,
    acta: (id: number, extra: string) => ['exams', 'acta', id, extra] as const,
    alumnosMateria: (examenId: number, search: string) => ['exams', 'alumnos-materia', examenId, search] as const,
    inscriptionFormData: (examenId: number) => ['exams', 'inscription-form-data', examenId] as const,
    inscription: (id: number | null) => ['exams', 'inscription', id] as const,
    rectifications: (examenId: number) => ['exams', 'rectificaciones', examenId] as const,
  },
  /** A student's own exams: their history and the exams open to them. */
  myExams: {
    all: ['my-exams'] as const,
    history: (request: unknown): QueryKey => ['my-exams', 'history', request],
    available: ['my-exams', 'available'] as const,
  },
  reports: {
    all: ['reports'] as const,
    list: (report: string, request: unknown): QueryKey => ['reports', report, 'list', request],
    chart: (report: string, filters: unknown): QueryKey => ['reports', report, 'chart', filters],
    formData: (periodoId: number | null) => ['reports', 'form-data', periodoId] as const,
    academicStatus: (id: number | null) => ['reports', 'academic-status', id] as const,
    students: (search: string) => ['reports', 'students', search] as const,
  },
  /** Users, the own ficha and their photos; the audit log's options share `formData`. */
  users: {
    all: ['users'] as const,
    /** Every page of 'Usuarios del Sistema', which a save refreshes. */
    lists: ['users', 'list'] as const,
    list: (request: unknown): QueryKey => ['users', 'list', request],
    detail: (id: number) => ['users', 'detail', id] as const,
    profile: ['users', 'profile'] as const,
    formData: ['users', 'form-data'] as const,
    /** `photoName` changes with every upload, so a new photo is a new query. */
    photo: (url: string | null, photoName: string | null) => ['users', 'photo', url, photoName] as const,
  },
  /** 'Configuración' (issue 30). */
  configuration: ['configuracion'] as const,
  /** The letterhead every printed document shows, which 'Configuración' changes. */
  membrete: ['membrete'] as const,
  /** 'Seguridad': the own second factor, and the setting that makes it compulsory for staff (issue 32). */
  security: {
    mfa: ['mfa'] as const,
    /** 'Llaves de seguridad y passkeys' (issue 41). */
    passkeys: ['mfa', 'webauthn'] as const,
    secondFactorSetting: ['settings', 'second-factor'] as const,
  },
  /** Open sessions: the caller's own (null) or a user's, as staff see them from the user's record. */
  sessions: (userId: number | null) => ['sessions', userId ?? 'own'] as const,
  /** Identity events (issue 41): one's own sign-ins (null) or a user's 'Seguridad' tab, its pages under it. */
  securityEvents: {
    of: (userId: number | null) => ['security-events', userId ?? 'own'] as const,
    page: (userId: number, request: unknown): QueryKey => ['security-events', userId, request],
  },
  /** 'Recibir avisos por correo' of the profile (issue 30). */
  notices: ['users', 'profile', 'avisos'] as const,
  /** A subject-period's teaching screens: everything under `materiaPeriodo(id)`, which a save invalidates. */
  teaching: {
    materiaPeriodo: (materiaPeriodoId: number) => ['teaching', materiaPeriodoId] as const,
    alertas: (materiaPeriodoId: number) => ['teaching', materiaPeriodoId, 'alertas'] as const,
    materia: (materiaPeriodoId: number) => ['teaching', materiaPeriodoId, 'materia'] as const,
    alumnos: (materiaPeriodoId: number) => ['teaching', materiaPeriodoId, 'alumnos'] as const,
    calificaciones: (materiaPeriodoId: number) => ['teaching', materiaPeriodoId, 'calificaciones'] as const,
    tareas: (materiaPeriodoId: number, request: unknown): QueryKey => ['teaching', materiaPeriodoId, 'tareas', request],
    tarea: (materiaPeriodoId: number, id: number | null) => ['teaching', materiaPeriodoId, 'tarea', id] as const,
    asistenciaFormData: (materiaPeriodoId: number) => ['teaching', materiaPeriodoId, 'asistencia-form-data'] as const,
    asistencias: (materiaPeriodoId: number, page: number, pageSize: number, search: string) =>
      ['teaching', materiaPeriodoId, 'asistencias', page, pageSize, search] as const,
    asistencia: (materiaPeriodoId: number, id: number | null) =>
      ['teaching', materiaPeriodoId, 'asistencia', id] as const,
  },
  /** The student's view of one of their subjects. */
  mySubject: {
    detail: (materiaPeriodoId: number) => ['my-subject', materiaPeriodoId] as const,
    homework: (materiaPeriodoId: number, request: unknown): QueryKey => [
      'my-subject',
      materiaPeriodoId,
      'homework',
      request,
    ],
    asistencias: (materiaPeriodoId: number) => ['my-subject', materiaPeriodoId, 'asistencias'] as const,
  },
  /** Every cached query of one subject-period's planning starts with `materiaPeriodo(id)` (a save invalidates it). */
  planning: {
    materiaPeriodo: (materiaPeriodoId: number) => ['planning', materiaPeriodoId] as const,
    page: (materiaPeriodoId: number, n: number) => ['planning', materiaPeriodoId, 'page', n] as const,
    formData: ['planning', 'form-data'] as const,
    old: (materiaMallaId: number | null) => ['planning', 'old', materiaMallaId] as const,
  },
  /** 'Mi horario' (issue 45): a week of someone's classes and exams, and one's feed link. */
  horario: {
    all: ['horario'] as const,
    range: (titular: string, id: number, desde: string, hasta: string) =>
      ['horario', titular, id, desde, hasta] as const,
    enlace: ['horario', 'enlace'] as const,
  },
  certificates: {
    all: ['certificados'] as const,
    /** One's own (`'own'`) or, for staff, a student's. */
    list: (perfilAlumnoId: number | 'own') => ['certificados', perfilAlumnoId] as const,
  },
  outbox: {
    list: (request: unknown): QueryKey => ['outbox', 'list', request],
  },
  /** The administrators' 'Alertas tempranas' (issue 44): the last run and a page of what it found. */
  operations: {
    alertas: ['operaciones', 'alertas'] as const,
    alertasPage: (request: unknown): QueryKey => ['operaciones', 'alertas', request],
  },
  audit: {
    list: (request: unknown): QueryKey => ['audit', 'list', request],
    /** A record's 'Historial' (issue 34 item 23). */
    history: (registros: unknown, page: number): QueryKey => ['audit', 'history', registros, page],
  },
  verification: (code: string) => ['verificar', code] as const,
};
