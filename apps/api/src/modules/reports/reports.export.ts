import {
  GENERO_LABELS,
  REPORT_FILES,
  type AlumnoReportItem,
  type AlumnosFilters,
  type InscriptoItem,
  type InscriptosFilters,
  type PorMateriaFilters,
  type PorMateriaItem,
} from '@arandu/shared';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { inBatches, sendXlsx, type XlsxColumn } from '../../lib/xlsx.js';
import { alumnosBatch } from './alumnos.repository.js';
import { inscriptosBatch, type InscriptoKey } from './inscriptos.repository.js';
import { porMateriaBatch, type PorMateriaKey } from './por-materia.repository.js';

/** Rows per query: one batch is all a download holds in memory. */
export const EXPORT_BATCH = 1000;

/**
 * Stops asking for batches once the client has gone, so an abandoned download runs no further query and
 * keeps no rows. Each batch is its own short query (keyset paging), so no cursor is ever left open.
 */
export async function* whileConnected<T>(reply: FastifyReply, batches: AsyncIterable<T>): AsyncGenerator<T> {
  // The response closes before it has finished only when the connection went. (Not the request's
  // `destroyed`: Node destroys a request as soon as its body has been read.)
  let gone = false;
  const onClose = () => (gone = !reply.raw.writableFinished);
  reply.raw.once('close', onClose);
  try {
    for await (const batch of batches) {
      if (gone || reply.raw.destroyed) return;
      yield batch;
    }
  } finally {
    reply.raw.off('close', onClose);
  }
}

/** A document number as a number, shown with the es-PY grouping (1.234.567) by Excel. */
const documento = <T extends { numeroDocumento: string }>(): XlsxColumn<T> => ({
  header: 'C.I. Nº',
  width: 13,
  numFmt: '#,##0',
  value: (r) => Number(r.numeroDocumento),
});

const calendarDate = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);

export function sendInscriptosXlsx(reply: FastifyReply, db: DbOrTx, filters: InscriptosFilters) {
  const rows = inBatches<InscriptoItem, InscriptoKey>(
    EXPORT_BATCH,
    (after, size) => inscriptosBatch(db, filters, { after, size }),
    (r) => ({ periodoId: r.periodoId, perfilAlumnoId: r.perfilAlumnoId }),
  );
  return sendXlsx(reply, REPORT_FILES.inscriptos, {
    name: 'Alumnos Inscriptos',
    columns: [
      { header: 'Periodo', width: 24, value: (r) => r.periodo },
      { header: 'Malla', width: 28, value: (r) => r.malla },
      { header: 'Carrera', width: 30, value: (r) => r.carrera },
      { header: '# Legajo', width: 10, value: (r) => r.numeroLegajo },
      { ...documento<InscriptoItem>(), header: '# Documento' },
      { header: 'Nombre', width: 22, value: (r) => r.nombre },
      { header: 'Apellido', width: 22, value: (r) => r.apellido },
      { header: 'Cantidad de materias', width: 20, value: (r) => r.cantidadMaterias },
    ],
    rows: whileConnected(reply, rows),
  });
}

export function sendPorMateriaXlsx(reply: FastifyReply, db: DbOrTx, filters: PorMateriaFilters) {
  const rows = inBatches<PorMateriaItem, PorMateriaKey>(
    EXPORT_BATCH,
    (after, size) => porMateriaBatch(db, filters, { after, size }),
    (r) => ({ apellido: r.apellido, nombre: r.nombre, id: r.id }),
  );
  return sendXlsx(reply, REPORT_FILES.porMateria, {
    name: 'Asistencia y PP',
    columns: [
      documento<PorMateriaItem>(),
      { header: 'Apellido', width: 22, value: (r) => r.apellido },
      { header: 'Nombre', width: 22, value: (r) => r.nombre },
      { header: 'Teléfono', width: 16, value: (r) => r.telefono },
      { header: 'Correo', width: 30, value: (r) => r.correo },
      { header: 'Materia', width: 30, value: (r) => r.materia },
      { header: 'Año Ingreso', width: 12, value: (r) => r.anhoIngreso },
      { header: 'Carrera', width: 30, value: (r) => r.carrera },
      { header: 'Semestre', width: 10, value: (r) => r.semestre },
      { header: '% Asistencia', width: 13, numFmt: '0.##', value: (r) => r.porcentajeAsistencia },
      { header: '% PP', width: 8, numFmt: '0.##', value: (r) => r.porcentajePP },
    ],
    rows: whileConnected(reply, rows),
  });
}

export function sendAlumnosXlsx(reply: FastifyReply, db: DbOrTx, filters: AlumnosFilters) {
  const rows = inBatches<AlumnoReportItem, number>(
    EXPORT_BATCH,
    (after, size) => alumnosBatch(db, filters, { after, size }),
    (r) => r.numeroLegajo,
  );
  return sendXlsx(reply, REPORT_FILES.alumnos, {
    name: 'Alumnos',
    columns: [
      documento<AlumnoReportItem>(),
      { header: 'Apellido', width: 22, value: (r) => r.apellido },
      { header: 'Nombre', width: 22, value: (r) => r.nombre },
      { header: 'Edad', width: 7, value: (r) => r.edad },
      { header: 'Nacionalidad', width: 16, value: (r) => r.nacionalidad },
      { header: 'Arancel Cero', width: 13, value: (r) => (r.arancelCero ? 'Si' : 'No') },
      {
        header: 'Fin Arancel Cero',
        width: 16,
        numFmt: 'dd/mm/yyyy',
        value: (r) => calendarDate(r.fechaFinArancelCero),
      },
      { header: 'Teléfono', width: 16, value: (r) => r.telefono },
      { header: 'Correo', width: 30, value: (r) => r.correo },
      { header: 'Género', width: 16, value: (r) => GENERO_LABELS[r.genero] ?? '' },
      { header: 'Año Ingreso', width: 12, value: (r) => r.anhoIngreso },
      { header: 'Carrera', width: 30, value: (r) => r.carrera },
      { header: 'Semestre', width: 10, value: (r) => r.semestre },
    ],
    rows: whileConnected(reply, rows),
  });
}
