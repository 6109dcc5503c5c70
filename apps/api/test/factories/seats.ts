import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { rows } from '../../src/db/sql.js';
import { writeTx } from '../../src/db/tx.js';
import { setCap } from '../../src/modules/enrolments/seats.js';
import { lockMateriaPeriodo } from '../../src/modules/subject-periods/subject-periods.repository.js';

/** Sets a subject-period's cap as staff's save does (row locked, counters recounted). */
export async function capSection(db: Db, materiaPeriodoId: number, cupo: number | null) {
  await writeTx(db, null, async (tx) => {
    await lockMateriaPeriodo(tx, materiaPeriodoId);
    await setCap(tx, materiaPeriodoId, cupo);
  });
}

/** The counters the triggers keep, beside the true counts, for checks that they agree. */
export async function cupoState(db: Db, materiaPeriodoId: number) {
  const [row] = await rows<{
    ocupados: number;
    ofrecidos: number;
    esperando: number;
    inscriptos: number;
    enLista: number;
    conOferta: number;
  }>(
    db,
    sql`select a.ocupados, a.ofrecidos, a.esperando,
               (select count(*) from inscripciones_materia i where i.materia_periodo_id = ${materiaPeriodoId})::int as inscriptos,
               (select count(*) from lista_espera l where l.materia_periodo_id = ${materiaPeriodoId})::int as "enLista",
               (select count(*) from lista_espera l where l.materia_periodo_id = ${materiaPeriodoId} and l.oferta_vence is not null)::int as "conOferta"
          from asientos_materia_periodo a where a.materia_periodo_id = ${materiaPeriodoId}`,
  );
  return row!;
}
