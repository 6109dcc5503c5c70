import { dateInAsuncion } from '@arandu/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { recomputeAsistencia, recomputePP } from '../modules/teaching/percentages.repository.js';
import { addDays } from './calendar.js';

interface Homework {
  descripcion: string;
  puntajeTotal: number;
  /** Weight when the subject uses weights. */
  peso: number;
  /** Days from the start of classes. */
  entrega: number;
  tipo?: 1 | 2;
}

/** A finished semester's homework: a practical work, two partial tests and a hand-in. */
const EARLIER: Homework[] = [
  { descripcion: 'Trabajo práctico 1', puntajeTotal: 20, peso: 15, entrega: 21 },
  { descripcion: 'Primer parcial', puntajeTotal: 100, peso: 35, entrega: 45 },
  { descripcion: 'Entrega de informe de laboratorio', puntajeTotal: 1, peso: 0, entrega: 60, tipo: 2 },
  { descripcion: 'Segundo parcial', puntajeTotal: 100, peso: 50, entrega: 110 },
];
/** The semester that has just begun: one small work already due, the first test ahead. */
const ACTIVE: Homework[] = [
  { descripcion: 'Trabajo práctico 1', puntajeTotal: 10, peso: 20, entrega: 2 },
  { descripcion: 'Primer parcial', puntajeTotal: 100, peso: 40, entrega: 45 },
];

/** A stable pseudo-random number in [0, 1) of a row, so the demo is the same for the same ids. */
const hash = (key: ReturnType<typeof sql>) => sql`(abs(hashtext(${key})) % 10000) / 10000.0`;

/**
 * The teaching figures of the demo (issue 10), written set-based in the seed's transaction before the
 * earlier period is published: homework, scores, weekly sessions and marks, then every enrolment's PP and
 * attendance from them. Half the subjects use weights. Subjects with hand-entered attendance get no sessions.
 */
export async function insertTeaching(
  tx: Tx,
  periodos: {
    earlier: { periodoId: number; inicioClases: string; finClases: string };
    active: { periodoId: number; inicioClases: string };
    now: Date;
  },
): Promise<void> {
  const today = dateInAsuncion(periodos.now);
  const plan = [
    // A session every other Monday through the finished semester (enough to show, quick to seed); every
    // other day since the current classes began.
    {
      ...periodos.earlier,
      homework: EARLIER,
      last: dateInAsuncion(new Date(periodos.earlier.finClases)),
      scored: 0.95,
      withHomework: sql`true`,
      withWeights: sql`mp.id % 2 = 0`,
      days: sql`extract(isodow from d) = 1 and (d::date - ${dateInAsuncion(new Date(periodos.earlier.inicioClases))}::date) / 7 % 2 = 0`,
    },
    {
      ...periodos.active,
      homework: ACTIVE,
      last: addDays(today, -1),
      scored: 0.85,
      // Three days into the term, half the subjects have set homework (the others' PP is still by hand).
      withHomework: sql`mp.id % 2 = 1`,
      withWeights: sql`mp.id % 4 = 1`,
      days: sql`(${today}::date - d::date) % 2 = 1`,
    },
  ];
  for (const p of plan) {
    const start = dateInAsuncion(new Date(p.inicioClases));
    // Subjects with at least one student; some use weights (set now: it freezes once published).
    await tx.execute(sql`
      update materias_periodo mp set utiliza_porcentaje_peso_materia = true
       where mp.periodo_id = ${p.periodoId} and ${p.withWeights}
         and exists (select 1 from inscripciones_materia i where i.materia_periodo_id = mp.id)`);
    const values = sql.join(
      p.homework.map(
        (h, n) =>
          sql`(${n}::int, ${h.descripcion}::text, ${h.tipo ?? 1}::smallint, ${h.puntajeTotal}::numeric, ${h.peso}::numeric, ${addDays(start, h.entrega)}::date)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      insert into tareas_materia (materia_periodo_id, descripcion, tipo_tarea, puntaje_total, porcentaje_peso_materia, fecha_entrega)
      select mp.id, h.descripcion, h.tipo, h.total, case when mp.utiliza_porcentaje_peso_materia then h.peso else 0 end, h.entrega
        from materias_periodo mp
        cross join (values ${values}) as h(n, descripcion, tipo, total, peso, entrega)
       where mp.periodo_id = ${p.periodoId} and ${p.withHomework}
         and exists (select 1 from inscripciones_materia i where i.materia_periodo_id = mp.id)
       order by mp.id, h.n`);
    // Scores of the homework already due: most students hand it in, with marks mostly between 35 % and 100 %.
    await tx.execute(sql`
      insert into tareas_materia_alumnos (tarea_materia_id, inscripcion_materia_id, puntaje_obtenido, secuencia)
      select t.id, i.id,
             case when t.tipo_tarea = 2 then 1
                  else round(t.puntaje_total * (0.35 + 0.65 * ${hash(sql`i.id || ':' || t.id || ':p'`)})) end, 1
        from tareas_materia t
        join materias_periodo mp on mp.id = t.materia_periodo_id
        join inscripciones_materia i on i.materia_periodo_id = t.materia_periodo_id
       where mp.periodo_id = ${p.periodoId} and t.fecha_entrega <= ${p.last}::date
         and ${hash(sql`i.id || ':' || t.id || ':e'`)} < ${p.scored}`);
    // The sessions from the start of classes to `last`, each in the section's room (that weekday's, else its first).
    await tx.execute(sql`
      insert into asistencias (materia_periodo_id, fecha, referencia, aula)
      select mp.id, d::date, 'Clase ' || row_number() over (partition by mp.id order by d),
             (select a.nombre from horarios h join aulas a on a.id = h.aula_id where h.materia_periodo_id = mp.id
               order by h.dia = extract(isodow from d) desc, h.id limit 1)
        from materias_periodo mp
        cross join generate_series(${start}::date, ${p.last}::date, interval '1 day') d
       where mp.periodo_id = ${p.periodoId} and not mp.editar_asistencias
         and ${p.days}
         and not exists (select 1 from dias_sin_clases x where x.periodo_id = mp.periodo_id and x.fecha = d::date)
         and exists (select 1 from inscripciones_materia i where i.materia_periodo_id = mp.id)`);
    // Each student attends with their own habit (60 % to 100 % of classes); a few marks were never taken.
    await tx.execute(sql`
      insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente, secuencia)
      select a.id, i.id, ${hash(sql`a.id || ':' || i.id`)} < 0.6 + 0.4 * ${hash(sql`i.id || ':habito'`)}, 1
        from asistencias a
        join materias_periodo mp on mp.id = a.materia_periodo_id
        join inscripciones_materia i on i.materia_periodo_id = a.materia_periodo_id
       where mp.periodo_id = ${p.periodoId} and ${hash(sql`a.id || ':' || i.id || ':t'`)} >= 0.03`);
    await recomputePP(tx, { periodoId: p.periodoId });
    await recomputeAsistencia(tx, { periodoId: p.periodoId });
  }
}
