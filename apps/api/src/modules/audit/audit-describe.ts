import { sql, type SQL } from 'drizzle-orm';
import { materiaJoin } from '../access/access.sql.js';
import { facultyZone } from '../../db/faculty-zone.js';

/**
 * What a person reads for an audit row's record (issue 34 item 23): the student, the subject and section, the
 * exam's date, instead of 'inscripciones_examen 1837'. Each is a lookup by primary key, for the page's rows
 * only. A row deleted since keeps its foreign keys in the audit row's own values, so a deletion is named too;
 * a table not listed here answers null and the screen shows the table and key.
 *
 * `a` is the audit row; `k` its primary key as an integer (null for a text key).
 */
const ownValue = (column: string) => sql`(coalesce(a.valores_anteriores, a.valores_nuevos) ->> ${column})::int`;

/** A column of the record: from the row when it still exists, else from the audit row's values. */
const fk = (table: string, column: string) =>
  sql`coalesce((select t.${sql.identifier(column)} from ${sql.identifier(table)} t where t.id = k.id), ${ownValue(column)})`;

const alumno = (id: SQL) =>
  sql`(select u.apellido || ', ' || u.nombre from perfiles_alumno p join usuarios u on u.id = p.usuario_id where p.id = ${id})`;

const materiaPeriodo = (id: SQL) =>
  sql`(select m.codigo || ' - ' || m.nombre || ' (' || mp.seccion || ')'
         from materias_periodo mp ${materiaJoin()}
        where mp.id = ${id})`;

const examen = (id: SQL) =>
  sql`(select ${materiaPeriodo(sql`e.materia_periodo_id`)} || ', examen del '
              || to_char(e.fecha at time zone ${facultyZone}, 'DD/MM/YYYY')
         from examenes e where e.id = ${id})`;

const byTable: Record<string, SQL> = {
  usuarios: sql`(select u.apellido || ', ' || u.nombre from usuarios u where u.id = k.id)`,
  perfiles_alumno: alumno(sql`k.id`),
  materias: sql`(select m.codigo || ' - ' || m.nombre from materias m where m.id = k.id)`,
  materias_periodo: materiaPeriodo(sql`k.id`),
  examenes: examen(sql`k.id`),
  inscripciones_materia: sql`${alumno(fk('inscripciones_materia', 'perfil_alumno_id'))} || ' · '
    || ${materiaPeriodo(fk('inscripciones_materia', 'materia_periodo_id'))}`,
  inscripciones_examen: sql`${alumno(fk('inscripciones_examen', 'perfil_alumno_id'))} || ' · '
    || ${examen(fk('inscripciones_examen', 'examen_id'))}`,
  tareas_materia: sql`(select t.descripcion from tareas_materia t where t.id = k.id) || ' · '
    || ${materiaPeriodo(fk('tareas_materia', 'materia_periodo_id'))}`,
  actas_selladas: sql`'Acta N.º ' || (coalesce(a.valores_nuevos, a.valores_anteriores) ->> 'nro_acta') || ' · '
    || ${examen(ownValue('examen_id'))}`,
  carreras: sql`(select c.nombre from carreras c where c.id = k.id)`,
  mallas: sql`(select ma.nombre from mallas ma where ma.id = k.id)`,
  periodos: sql`(select pe.nombre from periodos pe where pe.id = k.id)`,
};

/** The description of audit row `a`, as a SQL expression for its page's select. */
export function describeRecord(): SQL {
  const cases = Object.entries(byTable).map(([table, text]) => sql`when ${table} then ${text}`);
  return sql`(select case a.nombre_tabla ${sql.join(cases, sql` `)} end
                from (select case when a.clave_primaria ~ '^[0-9]{1,9}$' then a.clave_primaria::int end as id) k)`;
}
