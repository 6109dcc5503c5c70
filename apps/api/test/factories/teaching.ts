import type { Db } from '../../src/db/client.js';
import { asistencias, tareasMateria } from '../../src/db/schema/index.js';
import { writeTx } from '../../src/db/tx.js';

/** A homework (type 1, total 10) on a subject-period. */
export async function createTarea(db: Db, materiaPeriodoId: number) {
  const [row] = await writeTx(db, null, (tx) =>
    tx
      .insert(tareasMateria)
      .values({ materiaPeriodoId, descripcion: 'Tarea', puntajeTotal: 10, fechaEntrega: '2026-01-15' })
      .returning(),
  );
  return row!;
}

/** An attendance session on a subject-period, no marks yet. */
export async function createAsistencia(db: Db, materiaPeriodoId: number) {
  const [row] = await writeTx(db, null, (tx) =>
    tx.insert(asistencias).values({ materiaPeriodoId, fecha: '2026-01-15' }).returning(),
  );
  return row!;
}
