import { sql, type SQL } from 'drizzle-orm';

/*
 * The SQL of "who teaches it" and of what a subject-period is (its subject, malla, career and period), written
 * once. Every repository that asks whether a user teaches a subject-period, lists what a user teaches, labels
 * a period or names a subject-period uses these, so the ownership rule has one text
 * (docs/decisions/020-access-module.md) and the aliases `mm`, `m`, `ma`, `c`, `p`, `al` mean the same everywhere.
 */

/** Whether `userId` is the head or an auxiliary professor of subject-period `mp` (an id or a column). */
export const teachesSql = (mp: SQL | number, userId: SQL | number) =>
  sql`exists (select 1 from profesores_materia_periodo teaching
               where teaching.materia_periodo_id = ${mp} and teaching.usuario_id = ${userId})`;

/** The ids of the subject-periods `userId` teaches, for `mp.id in ${taughtByUserSql(userId)}`. */
export const taughtByUserSql = (userId: SQL | number) =>
  sql`(select taught.materia_periodo_id from profesores_materia_periodo taught where taught.usuario_id = ${userId})`;

/** Whether `userId` teaches malla subject `materiaMallaId` in some period (one of its subject-periods). */
export const teachesMateriaMallaSql = (materiaMallaId: SQL | number, userId: SQL | number) =>
  sql`exists (select 1 from materias_periodo mine
               where mine.materia_malla_id = ${materiaMallaId} and mine.id in ${taughtByUserSql(userId)})`;

/** The staff of subject-period `mp` as JSON, head first: `[{ id, nombre, apellido, role }]`. */
export const profesoresJson = (mp: SQL) => sql`(
  select coalesce(json_agg(json_build_object('id', u.id, 'nombre', u.nombre, 'apellido', u.apellido, 'role', pmp.rol)
                           order by pmp.rol desc, sin_acentos(u.apellido), sin_acentos(u.nombre)), '[]'::json)
    from profesores_materia_periodo pmp join usuarios u on u.id = pmp.usuario_id
   where pmp.materia_periodo_id = ${mp})`;

/** The academic year `al` of period `p`. */
export const anhoJoin = (p = sql`p`, al = sql`al`) => sql`join anhos_lectivos ${al} on ${al}.id = ${p}.anho_lectivo_id`;

/** The period `p` of subject-period `mp` and its academic year `al` (for `periodoLabel`, the year, the dates). */
export const periodoJoin = (mp = sql`mp`, p = sql`p`, al = sql`al`) =>
  sql`join periodos ${p} on ${p}.id = ${mp}.periodo_id ${anhoJoin(p, al)}`;

/** The curriculum row `mm` of subject-period `mp` and its subject `m`. */
export const materiaJoin = (mp = sql`mp`) =>
  sql`join materias_malla mm on mm.id = ${mp}.materia_malla_id join materias m on m.id = mm.materia_id`;

/** The malla `ma` of curriculum row `mm` and its career `c`. */
export const carreraJoin = () => sql`join mallas ma on ma.id = mm.malla_id join carreras c on c.id = ma.carrera_id`;

/** Everything a subject-period's row names: `materiaJoin`, `carreraJoin` and `periodoJoin`. */
export const materiaPeriodoJoins = (mp = sql`mp`) => sql`${materiaJoin(mp)} ${carreraJoin()} ${periodoJoin(mp)}`;

/** "2026 - Primer Semestre". */
export const periodoLabel = (p = sql`p`, al = sql`al`) => sql`${al}.anho || ' - ' || ${p}.nombre`;

/** Exams (`e`) `userId` scores: those naming them as professor or of a subject-period they teach. */
export const calificacionesExamenSql = (userId: number) =>
  sql`(e.profesor_id = ${userId} or e.materia_periodo_id in ${taughtByUserSql(userId)})`;
