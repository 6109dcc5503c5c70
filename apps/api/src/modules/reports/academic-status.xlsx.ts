import { REPORT_FILES, type AcademicStatus } from '@arandu/shared';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { attachmentHeader, XLSX_CONTENT_TYPE } from '../../lib/xlsx.js';

const HEADERS = ['Código', 'Materia', 'Calificación', 'En letras', 'Nº Acta', 'Fecha examen', 'Periodo'];
const WIDTHS = [12, 40, 13, 12, 12, 14, 24];

/** es-PY grouping of a document number (1.234.567), as on the screen. */
const documento = (value: string) => value.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * 'Reporte Estado Academico.xlsx': the personal data, then one table a semester. A student's record is a
 * few dozen rows, so it is built whole rather than streamed (the long reports stream, reports.export.ts).
 */
export async function academicStatusWorkbook(status: AcademicStatus): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Arandu';
  const ws = workbook.addWorksheet('Estado académico');
  ws.columns = WIDTHS.map((width) => ({ width }));
  const { alumno, resumen } = status;
  ws.addRow(['Estado académico alumno']).font = { bold: true, size: 14 };
  const datos: [string, string | number][] = [
    ['Nombre', `${alumno.apellido}, ${alumno.nombre}`],
    ['Documento', documento(alumno.numeroDocumento)],
    ['Legajo', alumno.numeroLegajo],
    ['Domicilio', alumno.domicilio],
    ['Año de ingreso', alumno.anhoIngreso],
    ['Carrera', alumno.carrera],
    ['Malla', alumno.malla],
    ['Materias aprobadas', `${resumen.aprobadas} de ${resumen.materias}`],
  ];
  for (const [label, value] of datos) ws.addRow([label, value]).getCell(1).font = { bold: true };
  for (const { semestre, materias } of status.semestres) {
    ws.addRow([]);
    ws.addRow([`Semestre ${semestre}`]).font = { bold: true };
    ws.addRow(HEADERS).font = { bold: true };
    for (const m of materias) {
      const row = ws.addRow([
        m.codigo,
        m.materia,
        m.calificacion,
        m.calificacionLetras,
        m.nroActa,
        m.fechaExamen ? new Date(`${m.fechaExamen}T00:00:00Z`) : null,
        m.periodo,
      ]);
      row.getCell(6).numFmt = 'dd/mm/yyyy';
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function sendAcademicStatusXlsx(reply: FastifyReply, status: AcademicStatus) {
  const body = await academicStatusWorkbook(status);
  return reply
    .header('Content-Type', XLSX_CONTENT_TYPE)
    .header('Content-Disposition', attachmentHeader(REPORT_FILES.academicStatus))
    .header('Cache-Control', 'no-store')
    .send(body);
}
