import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from './cli-database.js';
import { DEMO_PASSWORD } from './demo-accounts.js';
import { hasUsers, seedScale, wipe } from './scale.js';
import { advanceAuditCount } from '../modules/audit/audit.repository.js';

/**
 * `npm run seed:scale -- [--students N] [--force]`: a faculty-sized data set for benchmarks. A database that
 * already has users is left alone unless --force, which empties users and academic data first.
 */
const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '20000' },
    professors: { type: 'string', default: '300' },
    force: { type: 'boolean', default: false },
  },
});
const alumnos = Number(values.students);
const profesores = Number(values.professors);
if (!Number.isInteger(alumnos) || alumnos < 1 || !Number.isInteger(profesores) || profesores < 1) {
  console.error('--students y --professors deben ser números enteros positivos.');
  process.exit(1);
}

const database = await openConfiguredDatabase();
try {
  if (await hasUsers(database.db)) {
    if (!values.force) {
      console.error(
        'La base de datos ya tiene usuarios: no se cargan datos de escala. Use --force para vaciarla antes.',
      );
      process.exitCode = 1;
    } else {
      console.log('--force: se borran los usuarios, los datos académicos y la auditoría existentes.');
      await wipe(database.db);
    }
  }
  if (!process.exitCode) {
    console.log(`Cargando datos de escala (${database.kind}):`);
    const s = await seedScale(database.db, {
      students: alumnos,
      professors: profesores,
      log: (line) => console.log(line),
    });
    // A bulk load puts millions of audit rows above the count's checkpoint at once; the API moves it every five
    // minutes, so it is moved here, or the audit list's first pages count the whole load (migration 0011).
    await advanceAuditCount(database.db);
    console.log(
      `Listo en ${(s.ms / 1000).toFixed(1)} s: ${s.profesores} profesores, ${s.alumnos} alumnos, ${s.periodos} periodos, ` +
        `${s.materiasPeriodo} materias por periodo, ${s.horarios} horarios, ${s.inscripciones} inscripciones.`,
    );
    console.log(`Ingreso: admin@demo.edu.py, profesor@demo.edu.py o alumno@demo.edu.py, contraseña ${DEMO_PASSWORD}.`);
  }
} finally {
  await database.close();
}
