import { configuracion } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';

export async function readSettingRows(db: DbOrTx): Promise<{ clave: string; valor: string }[]> {
  return db.select({ clave: configuracion.clave, valor: configuracion.valor }).from(configuracion);
}
