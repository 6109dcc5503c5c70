import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  time,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { materiasMalla } from './curricula.js';
import { inlineReference } from './inline-reference.js';
import { aulas } from './rooms.js';
import { usuarios } from './users.js';

export const anhosLectivos = pgTable(
  'anhos_lectivos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    anho: smallint().notNull().unique(),
  },
  (t) => [check('anhos_lectivos_anho_ck', sql`${t.anho} between 1900 and 2200`)],
);

/** Academic periods (DOMAIN.md section 3): the window dates are instants, compared with "now". */
export const periodos = pgTable(
  'periodos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    anhoLectivoId: integer()
      .notNull()
      .references(() => anhosLectivos.id),
    nombre: varchar({ length: 64 }).notNull(),
    esSemestrePar: boolean().notNull().default(false),
    inicioClases: timestamptz().notNull(),
    finClases: timestamptz().notNull(),
    inicioPeriodoInscripcion: timestamptz().notNull(),
    finPeriodoInscripcion: timestamptz().notNull(),
    finCalificarTareas: timestamptz().notNull(),
    finEditarPlaneamiento: timestamptz().notNull(),
    activo: boolean().notNull().default(false),
  },
  (t) => [
    unique('periodos_anho_nombre_uq').on(t.anhoLectivoId, t.nombre),
    // At most one active period: activating another must deactivate this one in the same transaction.
    uniqueIndex('periodos_un_activo_uq')
      .on(t.activo)
      .where(sql`${t.activo}`),
    check('periodos_clases_ck', sql`${t.finClases} >= ${t.inicioClases}`),
    check('periodos_inscripcion_ck', sql`${t.finPeriodoInscripcion} >= ${t.inicioPeriodoInscripcion}`),
  ],
);

/** A malla subject offered in a period, in one section (spec 03 section 3). */
export const materiasPeriodo = pgTable(
  'materias_periodo',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    materiaMallaId: integer()
      .notNull()
      .references(() => materiasMalla.id),
    periodoId: integer()
      .notNull()
      .references(() => periodos.id),
    seccion: varchar({ length: 16 }).notNull(),
    editarAsistencias: boolean().notNull().default(false),
    utilizaPorcentajePesoMateria: boolean().notNull().default(false),
    /** EstadoPublicacion: 0 Preliminar, 1 Publicado, 2 Sellado. */
    estado: smallint().notNull().default(0),
    fechaPublicado: timestamptz(),
    fechaSellado: timestamptz(),
    fechaExpiracion: timestamptz(),
    codigoClassroom: varchar({ length: 32 }),
    /** Seat limit (cupo); null = no limit. Changed only under a FOR UPDATE of the row (modules/enrolments/seats). */
    cupo: integer(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    unique('materias_periodo_materia_periodo_seccion_uq').on(t.materiaMallaId, t.periodoId, t.seccion),
    // Target of the enrolments' composite foreign key, which keeps their copied subject and period true.
    unique('materias_periodo_id_materia_periodo_uq').on(t.id, t.materiaMallaId, t.periodoId),
    index('materias_periodo_periodo_idx').on(t.periodoId),
    check('materias_periodo_seccion_ck', sql`btrim(${t.seccion}) <> ''`),
    check('materias_periodo_estado_ck', sql`${t.estado} between 0 and 2`),
    check('materias_periodo_publicado_ck', sql`${t.estado} = 0 or ${t.fechaPublicado} is not null`),
    check('materias_periodo_sellado_ck', sql`${t.estado} < 2 or ${t.fechaSellado} is not null`),
    check('materias_periodo_cupo_ck', sql`${t.cupo} is null or ${t.cupo} between 1 and 10000`),
  ],
);

/**
 * The subject-period list's (period, malla subject) groups and their number of sections, kept by the triggers
 * of drizzle/0018_list_groups.sql on materias_periodo (never written by the app). The foreign keys make
 * TRUNCATE … CASCADE, which fires no trigger, take the groups with the periods.
 */
export const materiasPeriodoGrupo = pgTable(
  'materias_periodo_grupo',
  {
    periodoId: integer().notNull(),
    materiaMallaId: integer().notNull(),
    secciones: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'materias_periodo_grupo_pk', columns: [t.periodoId, t.materiaMallaId] }),
    inlineReference(t.periodoId, periodos.id).onDelete('cascade'),
    inlineReference(t.materiaMallaId, materiasMalla.id).onDelete('cascade'),
    check('materias_periodo_grupo_secciones_ck', sql`${t.secciones} >= 0`),
  ],
);

/** Teaching staff of a subject-period: one head (Encargado), up to three Asistente (the service counts). */
export const profesoresMateriaPeriodo = pgTable(
  'profesores_materia_periodo',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    materiaPeriodoId: integer()
      .notNull()
      .references(() => materiasPeriodo.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    rol: varchar({ length: 10 }).notNull(),
    /** The professor's dashboard star for this subject. */
    mostrarEnTablero: boolean().notNull().default(false),
  },
  (t) => [
    unique('profesores_materia_periodo_uq').on(t.materiaPeriodoId, t.usuarioId),
    uniqueIndex('profesores_materia_periodo_un_encargado_uq')
      .on(t.materiaPeriodoId)
      .where(sql`${t.rol} = 'Encargado'`),
    index('profesores_materia_periodo_usuario_idx').on(t.usuarioId),
    check('profesores_materia_periodo_rol_ck', sql`${t.rol} in ('Encargado', 'Asistente')`),
  ],
);

/** Weekly class schedule of a subject-period. */
export const horarios = pgTable(
  'horarios',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    materiaPeriodoId: integer()
      .notNull()
      .references(() => materiasPeriodo.id, { onDelete: 'cascade' }),
    profesorId: integer()
      .notNull()
      .references(() => usuarios.id),
    /** 1 Lunes … 7 Domingo (DIAS_SEMANA). */
    dia: smallint().notNull(),
    horaInicio: time().notNull(),
    horaFin: time().notNull(),
    /**
     * The room (issue 45); deleting a room is refused while a row names it. The schedule row's 'aula' text the
     * spec shows is this room's name (the old free-text column, moved into rooms by 0046, was dropped in 0056).
     */
    aulaId: integer().references(() => aulas.id),
    /** TipoActividadAcademicaHorario. */
    tipoActividadAcademicaHorario: smallint().notNull(),
  },
  (t) => [
    index('horarios_materia_periodo_idx').on(t.materiaPeriodoId),
    index('horarios_profesor_idx').on(t.profesorId),
    index('horarios_aula_idx').on(t.aulaId, t.dia),
    check('horarios_dia_ck', sql`${t.dia} between 1 and 7`),
    check('horarios_horas_ck', sql`${t.horaFin} > ${t.horaInicio}`),
    check('horarios_tipo_actividad_ck', sql`${t.tipoActividadAcademicaHorario} between 1 and 3`),
  ],
);
