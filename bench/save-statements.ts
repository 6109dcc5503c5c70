// The enrolment save's statements alone, without HTTP: what `saveInscripcion` (enrolments.service.ts) costs this
// process's main thread and its PostgreSQL connection a save, one save after the other on a pool of one
// connection, to set beside the CPU a save costs in bench/rush (where the API, PostgreSQL, pgbench and the
// client share the cores). Same database and preparation as the uncapped rush (README, "bench/rush").
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npx tsx --conditions=source bench/save-statements.ts \
//     [--students 400] [--warmup 20]
//
// Each student saves the subjects of their semester (5 to 7 lines), `conforme` on, as in the rush. The first
// `--warmup` saves are not counted (the connection's prepared statements, the JIT). PostgreSQL's figure is the
// one backend's CPU (from /proc, clock ticks of 10 ms), so it leaves out the server's background processes.
import fs from 'node:fs';
import { Role } from '@arandu/shared';
import { openDatabase } from '../apps/api/src/db/client.js';
import type { AuthUser } from '../apps/api/src/modules/auth/auth-user.js';
import { saveInscripcion } from '../apps/api/src/modules/enrolments/enrolments.service.js';
import { threadCpuSecondsOf } from './proc.js';
import { arg } from './cli.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the PostgreSQL database filled by seed:scale');
const cuantos = Number(arg('students', '400'));
const warmup = Number(arg('warmup', '20'));

const opened = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
const pool = opened.pool!;
const q = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];

// ---------------------------------------------------------------- the students, as bench/rush.ts prepares them

const [periodo] = await q<{ id: number }>('select id from periodos where activo');
if (!periodo) throw new Error('no active period: run seed:scale');
await q(
  `update periodos set inicio_periodo_inscripcion = now() - interval '1 day', fin_periodo_inscripcion = now() + interval '1 day'
    where id = $1`,
  [periodo.id],
);
interface Alumno {
  id: number;
  usuarioId: number;
  email: string;
  nombre: string;
  apellido: string;
  documento: string;
  own: number[];
}
const alumnos = await q<Alumno>(
  `with elegidos as (
     select pa.id, pa.usuario_id, u.email, u.nombre, u.apellido, u.numero_documento from perfiles_alumno pa
       join usuarios u on u.id = pa.usuario_id
      where exists (select 1 from inscripciones_materia i where i.perfil_alumno_id = pa.id and i.periodo_id = $1)
      order by pa.id limit $2)
   select e.id, e.usuario_id as "usuarioId", e.email, e.nombre, e.apellido, e.numero_documento as documento,
          array(select i.materia_periodo_id from inscripciones_materia i
                 where i.perfil_alumno_id = e.id and i.periodo_id = $1 order by 1) as own
     from elegidos e order by e.id`,
  [periodo.id, cuantos + warmup],
);
const ids = alumnos.map((s) => s.id);
await q('delete from lista_espera where perfil_alumno_id = any($1)', [ids]);
await q('delete from inscripciones_materia where periodo_id = $1 and perfil_alumno_id = any($2)', [periodo.id, ids]);
await q('delete from conformidades_inscripcion where periodo_id = $1 and perfil_alumno_id = any($2)', [
  periodo.id,
  ids,
]);
await q(
  'update usuarios set ficha_actualizada = true where id in (select usuario_id from perfiles_alumno where id = any($1))',
  [ids],
);

const userOf = (s: Alumno): AuthUser => ({
  id: s.usuarioId,
  sessionId: 0,
  email: s.email,
  nombre: s.nombre,
  apellido: s.apellido,
  numeroDocumento: s.documento,
  roles: [Role.Alumno],
  esAdminRoot: false,
  permisosExtra: [],
  firstLogin: false,
  mfaSetupRequired: false,
});
const save = (s: Alumno) =>
  saveInscripcion(opened.db, userOf(s), {
    perfilAlumnoId: s.id,
    conforme: true,
    materiasModificadas: s.own.map((materiaPeriodoId) => ({ materiaPeriodoId, inscripto: true })),
  });

// ---------------------------------------------------------------- the run

const backend = (await q<{ pid: number }>('select pg_backend_pid() as pid'))[0]!.pid;
/** CPU seconds of the pool's one PostgreSQL backend (user + system, clock ticks of 10 ms). */
const backendCpu = () => {
  const fields = fs.readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
for (const s of alumnos.slice(0, warmup)) await save(s);
const measured = alumnos.slice(warmup);
const self = String(process.pid);
const before = { main: threadCpuSecondsOf(self).main, postgres: backendCpu(), at: performance.now() };
let lines = 0;
for (const s of measured) lines += (await save(s)).length;
const perSave = (seconds: number) => ((seconds * 1000) / measured.length).toFixed(2);
console.log(
  `${measured.length} saves, ${lines} lines, one after the other on one connection: ` +
    `CPU ms a save: this process's main thread ${perSave(threadCpuSecondsOf(self).main - before.main)}, ` +
    `PostgreSQL backend ${perSave(backendCpu() - before.postgres)}; ` +
    `wall ${((performance.now() - before.at) / measured.length).toFixed(1)} ms a save`,
);
const plans = await q<{ generic: number; custom: number; statement: string }>(
  `select generic_plans::int as generic, custom_plans::int as custom,
          left(regexp_replace(statement, '\\s+', ' ', 'g'), 60) as statement
     from pg_prepared_statements order by name`,
);
for (const p of plans) console.log(`  prepared: ${p.generic} generic, ${p.custom} custom plans · ${p.statement}`);
await opened.close();
