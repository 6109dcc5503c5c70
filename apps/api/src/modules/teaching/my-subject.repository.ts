import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { isoInstant, offsetOf, toPage } from '../../lib/search.js';
import { materiaPeriodoJoins, periodoLabel, profesoresJson } from '../access/access.sql.js';
import type { EntregaConfig } from '@arandu/shared';
import { entregaConfigSql } from '../hand-ins/hand-ins.sql.js';

/** The user's own enrolment in the subject-period, if they have one. */
export async function ownEnrolment(db: DbOrTx, usuarioId: number, materiaPeriodoId: number) {
  const [row] = await rows<{ inscripcionId: number }>(
    db,
    sql`select i.id as "inscripcionId"
          from inscripciones_materia i join perfiles_alumno pa on pa.id = i.perfil_alumno_id
         where pa.usuario_id = ${usuarioId} and i.materia_periodo_id = ${materiaPeriodoId}`,
  );
  return row;
}

export async function findMyMateria(db: DbOrTx, inscripcionId: number) {
  const [row] = await rows<{
    id: number;
    inscripcionId: number;
    materia: string;
    seccion: string;
    carrera: string;
    semestre: string;
    semestreNroOrden: number;
    anho: number;
    codigoMateria: string;
    codigoClassroom: string | null;
    profesores: { id: number; nombre: string; apellido: string; role: 'Encargado' | 'Asistente' }[];
    porcentajePP: number | null;
    porcentajeAsistencia: number | null;
    estadoValue: number;
    fechaPublicado: string | null;
    fechaSellado: string | null;
    fechaExpiracion: string | null;
    mostrarEnTablero: boolean;
    editarAsistencias: boolean;
  }>(
    db,
    sql`select mp.id, i.id as "inscripcionId", m.nombre as materia, mp.seccion, c.nombre as carrera,
               ${periodoLabel()} as semestre, mm.semestre_nro_orden::int as "semestreNroOrden",
               al.anho::int as anho, mm.codigo as "codigoMateria", mp.codigo_classroom as "codigoClassroom",
               ${profesoresJson(sql`mp.id`)} as profesores,
               i.porcentaje_pp::float8 as "porcentajePP", i.porcentaje_asistencia::float8 as "porcentajeAsistencia",
               mp.estado::int as "estadoValue",
               ${isoInstant(sql`mp.fecha_publicado`)} as "fechaPublicado",
               ${isoInstant(sql`mp.fecha_sellado`)} as "fechaSellado",
               ${isoInstant(sql`mp.fecha_expiracion`)} as "fechaExpiracion",
               i.mostrar_en_tablero as "mostrarEnTablero", mp.editar_asistencias as "editarAsistencias"
          from inscripciones_materia_vigentes i
          join materias_periodo mp on mp.id = i.materia_periodo_id
          ${materiaPeriodoJoins()}
         where i.id = ${inscripcionId}`,
  );
  return row;
}

/** The student's homework list of one subject-period, with their own score only. */
export async function myHomework(
  db: DbOrTx,
  inscripcionId: number,
  materiaPeriodoId: number,
  page: number,
  pageSize: number,
) {
  const found = await rows<{
    id: number;
    descripcion: string;
    tipoTarea: number;
    puntajeTotal: number;
    porcentajePesoMateria: number;
    fechaEntrega: string;
    puntajeObtenido: number | null;
    entrega: EntregaConfig | null;
    entregada: { fecha: string; atrasada: boolean } | null;
    total: number;
  }>(
    db,
    sql`select t.id, t.descripcion, t.tipo_tarea::int as "tipoTarea", t.puntaje_total::float8 as "puntajeTotal",
               t.porcentaje_peso_materia::float8 as "porcentajePesoMateria",
               to_char(t.fecha_entrega, 'YYYY-MM-DD') as "fechaEntrega",
               -- A homework handed in through Arandu shows its score once its feedback is published (issue 46).
               case when t.entrega_hasta is null or t.devoluciones_publicadas_en is not null
                    then s.puntaje_obtenido::float8 end as "puntajeObtenido",
               ${entregaConfigSql('t')} as entrega,
               (select json_build_object('fecha', ${isoInstant(sql`v.fecha`)}, 'atrasada', v.atrasada)
                  from entregas e join entregas_versiones v on v.entrega_id = e.id
                 where e.tarea_materia_id = t.id and e.perfil_alumno_id = i.perfil_alumno_id
                 order by v.numero desc limit 1) as entregada,
               count(*) over()::int as total
          from tareas_materia t
          join inscripciones_materia i on i.id = ${inscripcionId}
          left join tareas_materia_alumnos s on s.tarea_materia_id = t.id and s.inscripcion_materia_id = ${inscripcionId}
         where t.materia_periodo_id = ${materiaPeriodoId}
         order by t.fecha_entrega, t.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
  return toPage(found);
}
