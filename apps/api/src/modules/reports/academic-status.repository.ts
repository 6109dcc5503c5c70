import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { periodoLabel } from '../access/access.sql.js';
import { facultyZone } from '../../db/faculty-zone.js';

export interface AlumnoRow {
  [key: string]: unknown;
  id: number;
  usuarioId: number;
  mallaId: number;
  nombre: string;
  apellido: string;
  numeroDocumento: string;
  numeroLegajo: number;
  domicilio: string;
  anhoIngreso: number;
  carrera: string;
  malla: string;
}

export async function findAlumno(db: DbOrTx, perfilAlumnoId: number): Promise<AlumnoRow | undefined> {
  const [row] = await rows<AlumnoRow>(
    db,
    sql`select pa.id, pa.usuario_id as "usuarioId", pa.malla_id as "mallaId", u.nombre, u.apellido,
               u.numero_documento as "numeroDocumento", pa.numero_legajo as "numeroLegajo",
               concat_ws(', ', nullif(concat_ws(' ', u.domicilio_calle, u.domicilio_numero), ''),
                         u.domicilio_localidad) as domicilio,
               extract(year from pa.fecha_ingreso)::int as "anhoIngreso", c.nombre as carrera, m.nombre as malla
          from perfiles_alumno pa
          join usuarios u on u.id = pa.usuario_id
          join mallas m on m.id = pa.malla_id
          join carreras c on c.id = m.carrera_id
         where pa.id = ${perfilAlumnoId}`,
  );
  return row;
}

export interface ResultRow {
  [key: string]: unknown;
  semestre: number;
  materiaMallaId: number;
  codigo: string;
  materia: string;
  calificacion: number | null;
  nroActa: string | null;
  fechaExamen: string | null;
  periodo: string | null;
  examenId: number | null;
  rectificacionId: number | null;
  nroRectificacion: string | null;
  codigoRectificacion: string | null;
}

/**
 * Every subject of the student's malla, and any other subject they have a graded exam in, with one row per
 * graded exam (`resultados_examen`, sealed exams only) or one empty row when there is none yet. The exam
 * date is the calendar date in Asunción.
 */
export async function academicResults(db: DbOrTx, alumno: { id: number; mallaId: number }) {
  return rows<ResultRow>(
    db,
    sql`with r as (select * from resultados_examen where perfil_alumno_id = ${alumno.id})
        select mm.semestre_nro_orden::int as semestre, mm.id as "materiaMallaId", mm.codigo, ma.nombre as materia,
               r.calificacion::int as calificacion, r.nro_acta as "nroActa",
               to_char(r.fecha_examen at time zone ${facultyZone}, 'YYYY-MM-DD') as "fechaExamen",
               ${periodoLabel()} as periodo, r.examen_id as "examenId", r.rectificacion_id as "rectificacionId",
               r.nro_rectificacion as "nroRectificacion",
               (select rx.codigo_verificacion from rectificaciones_examen rx where rx.id = r.rectificacion_id)
                 as "codigoRectificacion"
          from materias_malla mm
          join materias ma on ma.id = mm.materia_id
          left join r on r.materia_malla_id = mm.id
          left join periodos p on p.id = r.periodo_id
          left join anhos_lectivos al on al.id = p.anho_lectivo_id
         where mm.malla_id = ${alumno.mallaId} or mm.id in (select materia_malla_id from r)
         order by mm.semestre_nro_orden, mm.codigo, r.fecha_examen nulls last, r.examen_id`,
  );
}
