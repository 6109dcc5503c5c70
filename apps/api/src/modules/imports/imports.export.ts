import type { FastifyReply } from 'fastify';
import { TIPO_IMPORTACION_LABEL, type ImportReport, type TipoImportacion } from '@arandu/shared';
import { sendXlsx } from '../../lib/xlsx.js';

interface ReportLine {
  fila: number;
  accion: string;
  clave: string;
  columna: string;
  detalle: string;
}

/** One line per error (or one for the row's changes): a file to sort and filter while fixing the original. */
function lines(report: ImportReport): ReportLine[] {
  return report.filas.flatMap((f) => {
    const base = { fila: f.fila, accion: f.accion, clave: f.clave };
    const errors = Object.entries(f.errores);
    if (errors.length) return errors.map(([columna, detalle]) => ({ ...base, columna, detalle }));
    return [{ ...base, columna: f.cambios.join(', '), detalle: '' }];
  });
}

/** The dry run as a spreadsheet: 'Informe de importación de Alumnos.xlsx'. */
export function sendReport(reply: FastifyReply, tipo: TipoImportacion, report: ImportReport): FastifyReply {
  return sendXlsx(reply, `Informe de importación de ${TIPO_IMPORTACION_LABEL[tipo]}.xlsx`, {
    name: 'Informe',
    columns: [
      { header: 'Fila', width: 8, value: (l: ReportLine) => l.fila },
      { header: 'Acción', width: 14, value: (l) => l.accion },
      { header: 'Clave', width: 24, value: (l) => l.clave },
      { header: 'Columna', width: 30, value: (l) => l.columna },
      { header: 'Error', width: 70, value: (l) => l.detalle },
    ],
    rows: [lines(report)],
  });
}
