import PDFDocument from 'pdfkit';
import qrcode from 'qrcode-generator';
import { CERTIFICADO_NOMBRES, groupDocumento, type CertificadoContenido } from '@arandu/shared';
import { dateTimeFormat, dayFormat } from '../../lib/date-format.js';
import { drawLetterhead } from '../../lib/pdf-letterhead.js';
import { tituloOf, wordingOf } from './certificates.wording.js';

export interface CertificadoPdfInput {
  codigo: string;
  emitido: string;
  digesto: string;
  contenido: CertificadoContenido;
  /** The public page the QR code opens: `{web}/verificar/{codigo}`. */
  verificationUrl: string;
  logo: Buffer | undefined;
}

/** '2026-03-01' (a calendar day) -> '01/03/2026'. */
const day = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '');

const MARGIN = 56;
const QR_SIZE = 96;

function letterhead(doc: PDFKit.PDFDocument, c: CertificadoContenido, logo: Buffer | undefined) {
  drawLetterhead(doc, c.membrete, logo, MARGIN);
}

/** The QR code drawn as vector squares, linked to the verification page, with its code and address below. */
function verificationBlock(doc: PDFKit.PDFDocument, input: CertificadoPdfInput) {
  const qr = qrcode(0, 'M');
  qr.addData(input.verificationUrl);
  qr.make();
  const n = qr.getModuleCount();
  const cell = QR_SIZE / n;
  const x0 = MARGIN;
  if (doc.y + QR_SIZE + 60 > doc.page.height - MARGIN) doc.addPage();
  const y0 = doc.y + 10;
  for (let r = 0; r < n; r++) {
    for (let col = 0; col < n; col++) {
      if (qr.isDark(r, col)) doc.rect(x0 + col * cell, y0 + r * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.link(x0, y0, QR_SIZE, QR_SIZE, input.verificationUrl);
  const textX = x0 + QR_SIZE + 16;
  const width = doc.page.width - MARGIN - textX;
  doc.font('Helvetica-Bold').fontSize(10).text(`Código de verificación: ${input.codigo}`, textX, y0, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Verifique este documento en', { width })
    // On a line of its own: wrapped at a hyphen of the code, the address could not be typed back.
    .text(input.verificationUrl, { width, link: input.verificationUrl, lineBreak: false })
    .moveDown(1)
    .text(`Emitido el ${dateTimeFormat.format(new Date(input.emitido))}`, { width })
    .text(`Resumen SHA-256 del contenido: ${input.digesto}`, { width });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, y0 + QR_SIZE) + 10;
}

function table(doc: PDFKit.PDFDocument, headers: string[], widths: number[], data: string[][]) {
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((text, i) => {
      doc.text(text, x, y, { width: widths[i]! - 6 });
      bottom = Math.max(bottom, doc.y);
      x += widths[i]!;
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
  };
  row(headers, true);
  data.forEach((cells) => row(cells, false));
  doc.moveDown(0.5);
}

function body(doc: PDFKit.PDFDocument, c: CertificadoContenido, emitido: string) {
  const a = c.alumno;
  const who = `${a.nombre} ${a.apellido}`;
  const w = wordingOf(c);
  doc.font('Helvetica-Bold').fontSize(16).text(tituloOf(c, CERTIFICADO_NOMBRES), { align: 'center' });
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(11);
  if (c.tipo === 'alumno-regular') {
    doc.text(
      `Se hace constar que ${who}, documento N.º ${groupDocumento(a.numeroDocumento)}, legajo N.º ${a.numeroLegajo}, ${w.regular} ` +
        `de la carrera ${a.carrera} (malla ${a.malla}) en el periodo lectivo ${c.periodo}, ${w.inscripto} ` +
        `las materias siguientes:`,
      { align: 'justify' },
    );
    doc.moveDown(0.8);
    table(
      doc,
      ['Código', 'Materia', 'Sección'],
      [90, 300, 90],
      c.materias.map((m) => [m.codigo, m.materia, m.seccion]),
    );
  } else {
    doc.text(
      `Se certifica que ${who}, documento N.º ${groupDocumento(a.numeroDocumento)}, legajo N.º ${a.numeroLegajo}, de la carrera ` +
        `${a.carrera} (malla ${a.malla}), aprobó las materias siguientes:`,
      { align: 'justify' },
    );
    doc.moveDown(0.8);
    table(
      doc,
      ['Código', 'Materia', 'Calificación', 'Fecha', 'Acta'],
      [60, 190, 95, 70, 68],
      c.materias.map((m) => [
        m.codigo,
        m.materia,
        `${m.calificacion} (${m.calificacionLetras})`,
        day(m.fechaExamen),
        m.nroActa ?? '',
      ]),
    );
    if (c.materias.length === 0) doc.text(w.ningunaAprobada).moveDown(0.5);
    doc.font('Helvetica').fontSize(11);
    const promedio = c.promedio === null ? 'sin materias aprobadas' : c.promedio.toFixed(2).replace('.', ',');
    doc.text(
      `Materias aprobadas: ${c.aprobadas} de ${c.materiasMalla} de la malla (${String(c.porcentajeMalla).replace('.', ',')} %).`,
    );
    doc.text(`Promedio de las calificaciones de aprobación: ${promedio}.`);
  }
  doc.moveDown(1);
  doc.text(`Expedido a pedido del interesado el ${dayFormat.format(new Date(emitido))}.`);
  doc.moveDown(2.5);
  doc.text('______________________________', { align: 'right' });
  doc.text(c.membrete.decano ? `${c.membrete.decano}, Decano` : 'Decano', { align: 'right' });
  doc.moveDown(1);
}

/** The certificate's A4 PDF: letterhead, the frozen content, and the QR code with the verification code. */
export function renderCertificadoPdf(input: CertificadoPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${CERTIFICADO_NOMBRES[input.contenido.tipo]} ${input.codigo}`,
      Author: input.contenido.membrete.facultad,
      Creator: 'Arandu',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  letterhead(doc, input.contenido, input.logo);
  // Every later page opens with the same letterhead (issue 30: every page of a document carries it): a long
  // 'Certificado de estudios' runs on. The body's font is set back for a paragraph that breaks across pages.
  doc.on('pageAdded', () => {
    letterhead(doc, input.contenido, input.logo);
    doc.font('Helvetica').fontSize(11);
  });
  body(doc, input.contenido, input.emitido);
  verificationBlock(doc, input);
  doc.end();
  return done;
}
