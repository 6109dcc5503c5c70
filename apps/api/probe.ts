import { sql } from 'drizzle-orm';
import { openDatabase } from './src/db/client.js';
const database = await openDatabase({ dataDir: '/tmp/teach-seed' });
const db = database.db;
for (const s of [
  sql`select count(*) from asistencias`,
  sql`select count(*) from asistencias_alumnos`,
  sql`select count(*) from tareas_materia_alumnos`,
  sql`select count(*) from auditoria`,
]) {
  const r = (await db.execute(s)) as unknown as { rows: unknown[] };
  console.log(JSON.stringify(r.rows));
}
await db.transaction(async (tx) => {
  const t0 = Date.now();
  await tx.execute(sql`alter table asistencias_alumnos disable trigger asistencias_alumnos_auditoria`);
  await tx.execute(sql`insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente) select a.id, i.id, true from asistencias a join inscripciones_materia i on i.materia_periodo_id = a.materia_periodo_id join materias_periodo mp on mp.id = a.materia_periodo_id where mp.estado = 0 on conflict do nothing`);
  console.log('noaudit', Date.now() - t0);
  tx.rollback();
}).catch(() => undefined);
await db.transaction(async (tx) => {
  const t0 = Date.now();
  await tx.execute(sql`insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente) select a.id, i.id, true from asistencias a join inscripciones_materia i on i.materia_periodo_id = a.materia_periodo_id join materias_periodo mp on mp.id = a.materia_periodo_id where mp.estado = 0 on conflict do nothing`);
  console.log('audit', Date.now() - t0);
  tx.rollback();
}).catch(() => undefined);
await database.close();
