import { AUDIT_TYPES, type AuditItem, type PageReply } from '@arandu/shared';
import type { z } from 'zod';
import type { zAuditHistoryRequest, zAuditListRequest } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './audit.repository.js';

const SYSTEM = 'Sistema';

export async function listAudit(
  db: DbOrTx,
  request: z.output<typeof zAuditListRequest>,
): Promise<PageReply<AuditItem>> {
  const f = request.filters ?? {};
  const type = AUDIT_TYPES.find((t) => t.value === f.tipo);
  const found = await repo.listAudit(db, {
    page: request.page,
    pageSize: request.pageSize,
    tipo: type?.tipo,
    usuario: f.usuario,
    tabla: f.tabla || undefined,
    fechaDesde: f.fechaDesde,
    fechaHasta: f.fechaHasta,
  });
  return toPage(found);
}

/**
 * A record's 'Historial': the audit rows of its tables and keys (issue 34 item 23). A subject-period's
 * includes its enrolments (each named by its student), those deleted since too: the server finds their keys,
 * which the screen does not hold.
 */
export async function listHistory(
  db: DbOrTx,
  request: z.output<typeof zAuditHistoryRequest>,
): Promise<PageReply<AuditItem>> {
  const materiasPeriodo = request.registros.filter((r) => r.tabla === 'materias_periodo').flatMap((r) => r.ids);
  const enrolments = materiasPeriodo.length ? await repo.enrolmentKeysOf(db, materiasPeriodo) : [];
  const registros = enrolments.length
    ? [...request.registros, { tabla: 'inscripciones_materia', ids: enrolments }]
    : request.registros;
  return toPage(await repo.listHistory(db, { ...request, registros }));
}

function toPage(found: repo.AuditRow[]): PageReply<AuditItem> {
  return {
    totalItemsCount: found[0]?.total ?? 0,
    items: found.map((r) => {
      const t = AUDIT_TYPES.find((x) => x.tipo === r.tipo);
      return {
        id: r.id,
        usuarioId: r.usuarioId,
        usuario: r.nombre === null ? SYSTEM : `${r.nombre} ${r.apellido ?? ''}`.trim(),
        tipo: t?.value ?? 0,
        tipoLabel: t?.label ?? r.tipo,
        fecha: r.fecha,
        nombreTabla: r.nombreTabla,
        clavePrimaria: r.clavePrimaria,
        descripcion: r.descripcion,
        columnasAfectadas: r.columnasAfectadas,
        valoresAnteriores: r.valoresAnteriores,
        valoresNuevos: r.valoresNuevos,
      };
    }),
  };
}

// The audit log's running count, which the operations page advances.
export { advanceAuditCount } from './audit.repository.js';
