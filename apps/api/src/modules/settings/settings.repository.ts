import { ne, sql } from 'drizzle-orm';
import { configuracion } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';

/** The letterhead's logo lives in `configuracion` too (audited like every key), but is never part of `Settings`. */
export const LOGO_KEY = 'logoMembrete';

/** Every key but the logo: the figures and names every request may read. */
export async function readSettingRows(db: DbOrTx): Promise<{ clave: string; valor: string }[]> {
  return db
    .select({ clave: configuracion.clave, valor: configuracion.valor })
    .from(configuracion)
    .where(ne(configuracion.clave, LOGO_KEY));
}

/** Writes the keys whose value changed (one audit row each); unchanged keys are left alone. */
export async function saveSettingValues(db: WriteTx, values: Record<string, unknown>): Promise<void> {
  for (const [clave, value] of Object.entries(values)) {
    const valor = JSON.stringify(value);
    await db.execute(
      sql`insert into configuracion (clave, valor) values (${clave}, ${valor})
          on conflict (clave) do update set valor = excluded.valor
          where configuracion.valor is distinct from excluded.valor`,
    );
  }
}

export async function readLogo(db: DbOrTx): Promise<string | undefined> {
  const [row] = await rows<{ valor: string }>(db, sql`select valor from configuracion where clave = ${LOGO_KEY}`);
  return row?.valor;
}

export async function hasLogo(db: DbOrTx): Promise<boolean> {
  const [row] = await rows<{ existe: boolean }>(
    db,
    sql`select exists (select 1 from configuracion where clave = ${LOGO_KEY}) as existe`,
  );
  return row?.existe ?? false;
}

export async function deleteLogo(db: WriteTx): Promise<void> {
  await db.execute(sql`delete from configuracion where clave = ${LOGO_KEY}`);
}
