import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materiasPeriodo, planeamientos } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { periodoJoin, periodoLabel, teachesMateriaMallaSql, teachesSql } from '../access/access.sql.js';
import type { WriteTx } from '../../db/tx.js';
import { facultyZone } from '../../db/faculty-zone.js';

/**
 * The five lists of a planning: the API field of each, its table and its columns (API field -> column).
 * Reading, saving, copying and the download all go through this one table.
 */
export const PLANNING_LISTS = {
  objetivosMaterias: { table: 'planeamiento_objetivos', columns: { objetivo: 'objetivo' } },
  cronogramaClases: {
    table: 'planeamiento_cronograma',
    columns: { fecha: 'fecha', profesorMateria: 'profesor_id', unidad: 'unidad', contenidos: 'contenidos' },
  },
  practicasLaboratorios: {
    table: 'planeamiento_practicas',
    columns: {
      profesorMateria: 'profesor_id',
      duracion: 'duracion',
      actividad: 'actividad',
      descripcion: 'descripcion',
      materialApoyo: 'material_apoyo',
    },
  },
  proyectosTrabajosPracticos: {
    table: 'planeamiento_proyectos',
    columns: {
      profesorMateria: 'profesor_id',
      duracion: 'duracion',
      actividad: 'actividad',
      descripcion: 'descripcion',
      evaluacion: 'evaluacion',
    },
  },
  actividadesComplementarias: {
    table: 'planeamiento_actividades',
    columns: {
      descripcionActividad: 'descripcion_actividad',
      beneficiarios: 'beneficiarios',
      fechas: 'fechas',
      cantidadHoras: 'cantidad_horas',
    },
  },
} as const;
export type PlanningList = keyof typeof PLANNING_LISTS;
export type RowValues = Record<string, string | number | null>;

const columnsOf = (list: PlanningList): [string, string][] => Object.entries(PLANNING_LISTS[list].columns);
const ident = (name: string) => sql.identifier(name);
/** Dates leave the database as 'YYYY-MM-DD' text, whichever driver reads them. */
const readColumn = (column: string) => (column === 'fecha' ? sql`fecha::text` : ident(column));

export type PlanningRow = typeof planeamientos.$inferSelect;
export type PlanningTexts = Omit<PlanningRow, 'id' | 'materiaPeriodoId' | 'copiadoDeMateriaPeriodoId' | 'createdAt'>;

export async function findPlanning(db: DbOrTx, materiaPeriodoId: number): Promise<PlanningRow | undefined> {
  const [row] = await db.select().from(planeamientos).where(eq(planeamientos.materiaPeriodoId, materiaPeriodoId));
  return row;
}

/** The planning's id, its row locked until the transaction ends: saves of one planning take turns. */
export async function lockPlanning(tx: DbOrTx, materiaPeriodoId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: planeamientos.id })
    .from(planeamientos)
    .where(eq(planeamientos.materiaPeriodoId, materiaPeriodoId))
    .for('update');
  return row?.id;
}

/**
 * What decides whether the planning may change, read with the subject-period row locked: a publish, seal or
 * period change waits for this save to end instead of slipping in between check and write. The subject-period
 * is locked for update, not shared: page 1 writes its Classroom code, and two saves that both held a share
 * lock and then both updated the row would deadlock. The period (its deadline) is only shared.
 */
export async function lockEditingState(tx: DbOrTx, materiaPeriodoId: number) {
  const [row] = await rows<{ estado: number; finEditarPlaneamiento: string }>(
    tx,
    sql`select mp.estado::int as estado, p.fin_editar_planeamiento::text as "finEditarPlaneamiento"
          from materias_periodo mp join periodos p on p.id = mp.periodo_id
         where mp.id = ${materiaPeriodoId}
           for no key update of mp for share of p`,
  );
  return row;
}

/** Creates an empty planning; undefined when one already exists (a concurrent create won). */
export async function insertPlanning(tx: WriteTx, materiaPeriodoId: number): Promise<number | undefined> {
  const [row] = await tx
    .insert(planeamientos)
    .values({ materiaPeriodoId })
    .onConflictDoNothing({ target: planeamientos.materiaPeriodoId })
    .returning({ id: planeamientos.id });
  return row?.id;
}

export async function updateTexts(tx: WriteTx, id: number, values: Partial<PlanningTexts>) {
  if (Object.keys(values).length > 0) await tx.update(planeamientos).set(values).where(eq(planeamientos.id, id));
}

export async function setCodigoClassroom(tx: WriteTx, materiaPeriodoId: number, codigo: string | null) {
  await tx.update(materiasPeriodo).set({ codigoClassroom: codigo }).where(eq(materiasPeriodo.id, materiaPeriodoId));
}

export async function codigoClassroomOf(db: DbOrTx, materiaPeriodoId: number): Promise<string | null> {
  const [row] = await db
    .select({ codigo: materiasPeriodo.codigoClassroom })
    .from(materiasPeriodo)
    .where(eq(materiasPeriodo.id, materiaPeriodoId));
  return row?.codigo ?? null;
}

/** The rows of one list in their order: `{ id, index, deleted: false, ...fields }`. */
export async function listRows(db: DbOrTx, list: PlanningList, planeamientoId: number) {
  const fields = columnsOf(list).map(([field, column]) => sql`${readColumn(column)} as ${ident(field)}`);
  return rows<{ id: number; index: number; deleted: boolean } & RowValues>(
    db,
    sql`select id, (row_number() over (order by indice, id) - 1)::int as index, false as deleted,
               ${sql.join(fields, sql`, `)}
          from ${ident(PLANNING_LISTS[list].table)}
         where planeamiento_id = ${planeamientoId}
         order by indice, id`,
  );
}

export async function rowIdsOf(tx: DbOrTx, list: PlanningList, planeamientoId: number): Promise<Set<number>> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from ${ident(PLANNING_LISTS[list].table)} where planeamiento_id = ${planeamientoId}`,
  );
  return new Set(found.map((r) => r.id));
}

export async function deleteRows(tx: WriteTx, list: PlanningList, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(
    sql`delete from ${ident(PLANNING_LISTS[list].table)}
         where id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}

const valueOf = (column: string, v: string | number | null | undefined): SQL =>
  column === 'fecha' ? sql`${v ?? null}::date` : sql`${v ?? null}`;

export async function updateRow(tx: DbOrTx, list: PlanningList, id: number, indice: number, values: RowValues) {
  const sets = columnsOf(list).map(([field, column]) => sql`${ident(column)} = ${valueOf(column, values[field])}`);
  await tx.execute(
    sql`update ${ident(PLANNING_LISTS[list].table)} set indice = ${indice}, ${sql.join(sets, sql`, `)}
         where id = ${id}`,
  );
}

export async function insertRows(
  tx: WriteTx,
  list: PlanningList,
  planeamientoId: number,
  values: { indice: number; values: RowValues }[],
) {
  if (values.length === 0) return;
  const columns = columnsOf(list);
  const tuples = values.map(
    (r) =>
      sql`(${planeamientoId}, ${r.indice}, ${sql.join(
        columns.map(([field, column]) => valueOf(column, r.values[field])),
        sql`, `,
      )})`,
  );
  await tx.execute(
    sql`insert into ${ident(PLANNING_LISTS[list].table)}
          (planeamiento_id, indice, ${sql.join(
            columns.map(([, column]) => ident(column)),
            sql`, `,
          )})
        values ${sql.join(tuples, sql`, `)}`,
  );
}

/** The first day (Monday) of the week in which the period's classes start, in Asunción. */
const classesWeekStart = (materiaPeriodoId: SQL | number) => sql`(
  select d - (extract(isodow from d)::int - 1)
    from (select (p.inicio_clases at time zone ${facultyZone})::date as d
            from materias_periodo mp join periodos p on p.id = mp.periodo_id
           where mp.id = ${materiaPeriodoId}) s)`;

/**
 * Copies the planning of subject-period `fromId` as the planning of `toId` (spec 03 section 7, issue 14):
 * every text and row, none of the ids. Schedule dates move to the new period (same week and weekday counted
 * from the week classes start); a row's professor stays when they teach the new subject-period too, and is
 * otherwise the new head. Returns the new planning's id, or undefined when `fromId` has no planning.
 */
export async function copyPlanning(tx: WriteTx, fromId: number, toId: number): Promise<number | undefined> {
  const [created] = await rows<{ id: number; fromPlanning: number }>(
    tx,
    sql`insert into planeamientos (materia_periodo_id, pre_requisitos, horas_teoria_semanal, horas_practica_semanal,
                                   horas_laboratorio_semanal, fundamentacion_materia, contribucion_materia,
                                   valores_contemplados, metodologia_ensenhanza, estrategias_evauacion,
                                   bibliografia_basica, bibliografia_complementaria, copiado_de_materia_periodo_id)
        select ${toId}, pre_requisitos, horas_teoria_semanal, horas_practica_semanal, horas_laboratorio_semanal,
               fundamentacion_materia, contribucion_materia, valores_contemplados, metodologia_ensenhanza,
               estrategias_evauacion, bibliografia_basica, bibliografia_complementaria, materia_periodo_id
          from planeamientos where materia_periodo_id = ${fromId}
        returning id, (select id from planeamientos where materia_periodo_id = ${fromId}) as "fromPlanning"`,
  );
  if (!created) return undefined;
  const profesor = sql`case when ${teachesSql(toId, sql`profesor_id`)}
                            then profesor_id
                            else (select usuario_id from profesores_materia_periodo
                                   where materia_periodo_id = ${toId} and rol = 'Encargado') end`;
  const fecha = sql`fecha - ${classesWeekStart(fromId)} + ${classesWeekStart(toId)}`;
  for (const list of Object.keys(PLANNING_LISTS) as PlanningList[]) {
    const columns = columnsOf(list).map(([, column]) => column);
    const selected = columns.map((c) => (c === 'fecha' ? fecha : c === 'profesor_id' ? profesor : ident(c)));
    await tx.execute(
      sql`insert into ${ident(PLANNING_LISTS[list].table)} (planeamiento_id, indice, ${sql.join(
        columns.map(ident),
        sql`, `,
      )})
          select ${created.id}, indice, ${sql.join(selected, sql`, `)}
            from ${ident(PLANNING_LISTS[list].table)} where planeamiento_id = ${created.fromPlanning}`,
    );
  }
  return created.id;
}

/** Whether `fromId` is another subject-period of the same malla subject as `toId`. */
export async function sameMallaMateria(db: DbOrTx, fromId: number, toId: number): Promise<boolean> {
  const found = await rows<{ ok: boolean }>(
    db,
    sql`select true as ok from materias_periodo a join materias_periodo b on b.materia_malla_id = a.materia_malla_id
         where a.id = ${fromId} and b.id = ${toId} and a.id <> b.id`,
  );
  return found.length > 0;
}

/**
 * The plannings of a malla subject, newest period first, for 'Copiar Planeamiento {year}/{section}'. A
 * professor (`teacherId`) sees them only for a malla subject they teach in some period.
 */
export async function oldPlannings(db: DbOrTx, materiaMallaId: number, profesorId: number | null) {
  return rows<{ id: number; anho: number; seccion: string; periodo: string }>(
    db,
    sql`select mp.id, al.anho::int as anho, mp.seccion, ${periodoLabel()} as periodo
          from planeamientos pl
          join materias_periodo mp on mp.id = pl.materia_periodo_id
          ${periodoJoin()}
         where mp.materia_malla_id = ${materiaMallaId}
           ${profesorId === null ? sql`` : sql`and ${teachesMateriaMallaSql(materiaMallaId, profesorId)}`}
         order by p.inicio_clases desc, mp.seccion collate "C", mp.id`,
  );
}

/** A planned row's date is a day without classes of its period's academic calendar (issue 45). */
const onDayWithoutClasses = sql`exists (select 1 from dias_sin_clases x join materias_periodo mp on mp.periodo_id = x.periodo_id
                                         where mp.id = pl.materia_periodo_id and x.fecha = c.fecha)`;

/**
 * The dated rows of the class schedule, the sessions the professor planned to give, less those on a day without
 * classes: a holiday added after the planning takes its session out of every count (attendance, early warnings).
 */
export async function plannedSessions(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{ id: number; fecha: string }>(
    db,
    sql`select c.id, c.fecha::text as fecha
          from planeamiento_cronograma c join planeamientos pl on pl.id = c.planeamiento_id
         where pl.materia_periodo_id = ${materiaPeriodoId} and c.fecha is not null and not ${onDayWithoutClasses}
         order by c.fecha, c.indice, c.id`,
  );
}

/** The planned sessions that fall on a day without classes, with that day's name: the plan page lists them. */
export async function plannedOnDaysWithoutClasses(db: DbOrTx, materiaPeriodoId: number) {
  return rows<{ id: number; fecha: string; nombre: string; contenidos: string }>(
    db,
    sql`select c.id, c.fecha::text as fecha, x.nombre, c.contenidos
          from planeamiento_cronograma c join planeamientos pl on pl.id = c.planeamiento_id
          join materias_periodo mp on mp.id = pl.materia_periodo_id
          join dias_sin_clases x on x.periodo_id = mp.periodo_id and x.fecha = c.fecha
         where pl.materia_periodo_id = ${materiaPeriodoId}
         order by c.fecha, c.indice, c.id`,
  );
}

/**
 * The class-schedule rows an attendance session can be linked to ('Registro Contenido', spec: logContents):
 * the subject-period's planning rows in date order, labelled with their date, unit and contents.
 */
export async function classContents(db: DbOrTx, materiaPeriodoId: number, onlyId?: number) {
  return rows<{ value: number; label: string }>(
    db,
    sql`select c.id as value,
               concat_ws(' - ', to_char(c.fecha, 'DD/MM/YYYY'), nullif(c.unidad, ''), left(c.contenidos, 80)) as label
          from planeamiento_cronograma c join planeamientos pl on pl.id = c.planeamiento_id
         where pl.materia_periodo_id = ${materiaPeriodoId} ${onlyId === undefined ? sql`` : sql`and c.id = ${onlyId}`}
         order by c.fecha nulls last, c.indice, c.id`,
  );
}
