import { ROLE_INFO } from '@arandu/shared';
import { openConfiguredDatabase } from './cli-database.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.js';
import { isSeeded, seedDemo } from './demo.js';

/** `npm run seed:demo`: loads the demo data into the configured database unless it already has academic data. */
const database = await openConfiguredDatabase();
try {
  if (await isSeeded(database.db)) {
    console.log('La base de datos ya tiene datos académicos: no se cargan los datos de demostración.');
  } else {
    const s = await seedDemo(database.db);
    console.log(`Datos de demostración cargados en ${s.ms} ms (${database.kind}):`);
    console.log(
      `  ${s.carreras} carreras, ${s.mallas} mallas, ${s.materias} materias, ${s.periodos} periodos, ` +
        `${s.materiasPeriodo} materias por periodo, ${s.horarios} horarios`,
    );
    console.log(`  ${s.profesores} profesores, ${s.alumnos} alumnos, ${s.inscripciones} inscripciones`);
    console.log(`Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) {
      const roles = a.roles.map((r) => ROLE_INFO[r].title).join(', ');
      console.log(`  ${a.email.padEnd(26)} ${roles.padEnd(32)} ${a.description}`);
    }
  }
} finally {
  await database.close();
}
