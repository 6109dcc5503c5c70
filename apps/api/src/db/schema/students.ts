import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { percentage } from './columns.js';
import { mallas, materiasMalla } from './curricula.js';
import { materiasPeriodo, periodos } from './periods.js';
import { usuarios } from './users.js';

/** Student profile (DOMAIN.md section 3): one per user, in one malla. */
export const perfilesAlumno = pgTable(
  'perfiles_alumno',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    mallaId: integer()
      .notNull()
      .references(() => mallas.id),
    numeroLegajo: integer().notNull(),
    fechaIngreso: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    unique('perfiles_alumno_usuario_uq').on(t.usuarioId),
    unique('perfiles_alumno_legajo_uq').on(t.numeroLegajo),
    index('perfiles_alumno_malla_idx').on(t.mallaId),
    // The general report's students of a career (through their malla), in legajo order.
    index('perfiles_alumno_malla_legajo_idx').on(t.mallaId, t.numeroLegajo),
    check('perfiles_alumno_legajo_ck', sql`${t.numeroLegajo} > 0`),
  ],
);

/**
 * Subject enrolment (DOMAIN.md section 4). `materiaMallaId` and `periodoId` copy the subject-period's, so
 * a unique constraint can refuse a second section of the same subject in the same period even under a
 * rush; the composite foreign key keeps the copies equal to the subject-period's own values (moving to
 * another section of the same subject passes it, moving to another subject does not).
 */
export const inscripcionesMateria = pgTable(
  'inscripciones_materia',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    perfilAlumnoId: integer()
      .notNull()
      .references(() => perfilesAlumno.id),
    materiaPeriodoId: integer().notNull(),
    materiaMallaId: integer()
      .notNull()
      .references(() => materiasMalla.id),
    periodoId: integer()
      .notNull()
      .references(() => periodos.id),
    fechaInscripcion: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Entered by hand when the subject-period has `editarAsistencias`; otherwise computed from sessions. */
    porcentajeAsistencia: percentage(),
    /** Entered by hand when the subject-period has no homework; otherwise computed from scores. */
    porcentajePP: percentage(),
    /** The student's dashboard star for this subject. */
    mostrarEnTablero: boolean().notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'inscripciones_materia_materia_periodo_fk',
      columns: [t.materiaPeriodoId, t.materiaMallaId, t.periodoId],
      foreignColumns: [materiasPeriodo.id, materiasPeriodo.materiaMallaId, materiasPeriodo.periodoId],
    }),
    unique('inscripciones_materia_alumno_materia_periodo_uq').on(t.perfilAlumnoId, t.materiaPeriodoId),
    unique('inscripciones_materia_alumno_materia_malla_periodo_uq').on(t.perfilAlumnoId, t.materiaMallaId, t.periodoId),
    index('inscripciones_materia_materia_periodo_idx').on(t.materiaPeriodoId),
    index('inscripciones_materia_periodo_idx').on(t.periodoId),
    // The staff list's default order (newest first) and its period filter.
    index('inscripciones_materia_periodo_id_idx').on(t.periodoId, t.id),
    // The enrolled-students report's keyset order (periodo_id desc, perfil_alumno_id).
    index('inscripciones_materia_periodo_alumno_idx').on(t.periodoId.desc().nullsFirst(), t.perfilAlumnoId),
    // The student's dashboard: their starred enrolments.
    index('inscripciones_materia_tablero_idx')
      .on(t.perfilAlumnoId)
      .where(sql`${t.mostrarEnTablero}`),
    check('inscripciones_materia_asistencia_ck', sql`${t.porcentajeAsistencia} between 0 and 100`),
    check('inscripciones_materia_pp_ck', sql`${t.porcentajePP} between 0 and 100`),
  ],
);
