import { sql } from 'drizzle-orm';
import type { AvanceCorrelativa, Correlativa, Settings } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { NOTA_APROBACION } from '../../db/schema/index.js';
import { fixedStatement, intArrayValue } from '../../db/sql.js';
import { avanceSql } from './correlative-standing.js';
import { materiaJoin } from '../access/access.sql.js';
import {
  currentColumns,
  currentFrom,
  offeredColumns,
  type CurrentEnrolment,
  type OfferedMateria,
  type Slot,
} from './enrolments.repository.js';
import { looksFull } from './seats.repository.js';

/**
 * Everything the rules of a save's lines read, in one statement (issue 29, "Reliability and speed"): it was
 * eight (the subjects, the student's enrolments, their passes, the class times, the correlatives, the
 * exceptions, the progress in the required subjects, the seats) and two for the Manifiesto. Run after the
 * student's lock, so its snapshot holds every save of the student committed before; its text does not change
 * with the number of lines (ids go as one array), so it is prepared once per connection.
 */
export interface PictureRow {
  /** The student accepted the period's 'Manifiesto de Conformidad' (now, when `registrar`, or before). */
  conforme: boolean;
  subjects: OfferedMateria[];
  current: CurrentEnrolment[];
  /** Catalogue subjects among those asked for that the student passed. */
  passed: number[];
  slots: (Slot & { mp: number })[];
  correlativas: (Correlativa & { desde: number })[];
  /** Malla subjects asked for whose correlatives staff waived for the student. */
  exceptions: number[];
  avance: { id: number; avance: AvanceCorrelativa }[];
  /** Capped subject-periods asked for that look full now (seats.repository's `looksFull`). */
  full: number[];
}

export interface PictureQuery {
  perfilAlumnoId: number;
  ids: number[];
  /** The active period: the student's enrolments of it are read (none without one). */
  periodoId: number | undefined;
  /** Records the student's Manifiesto for the period in the same statement. */
  registrarConformidad: boolean;
  cfg: Pick<Settings, 'minAsistenciaExamen' | 'minPPFinal'>;
  now: Date;
}

/** The picture's values: its text is written once, with each of them as a placeholder (`fixedStatement`). */
interface PictureValues extends Record<string, unknown> {
  /** The subject-periods asked for, as an `int[]` literal. */
  ids: string;
  perfil: number;
  periodo: number | null;
  registrar: boolean;
  minAsistencia: number;
  minPP: number;
  /** ISO instant: a right to an exam expired before it does not count. */
  now: string;
}

/**
 * Each table the picture looks rows up in by a few ids (the subject-periods asked for, their class times, their
 * seat counters) is probed once per id through a `lateral (… offset 0)`: the offset keeps the planner from
 * turning the probe into a join, which its generic plan (the save runs it, openSave) chose to make by reading
 * every subject-period and every class time of the database for the dozen rows it keeps.
 */
const pictureStatement = fixedStatement<PictureValues>((v) => {
  const p = sql`${v.perfil}::int`;
  const periodo = sql`${v.periodo}::int`;
  const registrar = sql`${v.registrar}::boolean`;
  const cfg = { minAsistenciaExamen: v.minAsistencia, minPPFinal: v.minPP };
  return sql`with s as (
          select ${offeredColumns}
            from (select distinct unnest(${v.ids}::int[]) as id) pedido
            cross join lateral (select * from materias_periodo mp where mp.id = pedido.id offset 0) mp
            ${materiaJoin()}
        ),
        c as (select ${currentColumns} from ${currentFrom} where i.perfil_alumno_id = ${p} and i.periodo_id = ${periodo}),
        req as (
          select co.materia_malla_id as desde, co.requiere_id as "materiaMallaId", m.nombre as materia, co.condicion,
                 mm.semestre_nro_orden as orden
            from correlativas co
            join materias_malla mm on mm.id = co.requiere_id
            join materias m on m.id = mm.materia_id
           where co.materia_malla_id in (select "materiaMallaId" from s)
        ),
        conf as (
          insert into conformidades_inscripcion (perfil_alumno_id, periodo_id)
          select ${p}, ${periodo} where ${registrar} and ${periodo} is not null
          on conflict do nothing
        )
        select ${registrar} or exists (select 1 from conformidades_inscripcion
                                        where perfil_alumno_id = ${p} and periodo_id = ${periodo}) as conforme,
               (select coalesce(json_agg(s), '[]') from s) as subjects,
               (select coalesce(json_agg(c), '[]') from c) as current,
               array(select distinct rm.materia_id
                       from resultados_examen r join materias_malla rm on rm.id = r.materia_malla_id
                      where r.perfil_alumno_id = ${p} and r.calificacion >= ${NOTA_APROBACION}
                        and rm.materia_id in (select "materiaId" from s)) as passed,
               (select coalesce(json_agg(json_build_object('mp', h.materia_periodo_id, 'dia', h.dia::int,
                                                           'inicio', to_char(h.hora_inicio, 'HH24:MI'),
                                                           'fin', to_char(h.hora_fin, 'HH24:MI'))), '[]')
                  from (select id from s union select "materiaPeriodoId" from c) x
                  cross join lateral (select * from horarios h where h.materia_periodo_id = x.id offset 0) h) as slots,
               (select coalesce(json_agg(json_build_object('desde', desde, 'materiaMallaId', "materiaMallaId",
                                                           'materia', materia, 'condicion', condicion)
                                         order by orden, materia), '[]')
                  from req) as correlativas,
               array(select materia_malla_id from excepciones_correlativa
                      where perfil_alumno_id = ${p} and materia_malla_id in (select "materiaMallaId" from s)) as exceptions,
               (select coalesce(json_agg(json_build_object('id', rq.id, 'avance', ${avanceSql(p, cfg, sql`${v.now}`)})), '[]')
                  from materias_malla rq where rq.id in (select "materiaMallaId" from req)) as avance,
               -- The subject-periods asked for are read above in this statement's snapshot: their caps come from there.
               array(select a.materia_periodo_id
                       from s mp
                       cross join lateral (select * from asientos_materia_periodo a
                                            where a.materia_periodo_id = mp.id offset 0) a
                      where ${looksFull(p)}) as "full"`;
});

export async function readPicture(db: DbOrTx, q: PictureQuery): Promise<PictureRow> {
  const [row] = await pictureStatement<PictureRow & Record<string, unknown>>(db, {
    ids: intArrayValue(q.ids),
    perfil: q.perfilAlumnoId,
    periodo: q.periodoId ?? null,
    registrar: q.registrarConformidad,
    minAsistencia: q.cfg.minAsistenciaExamen,
    minPP: q.cfg.minPPFinal,
    now: q.now.toISOString(),
  });
  return row!;
}
