import PDFDocument from 'pdfkit';
import { groupDocumento } from '@arandu/shared';
import { drawLetterhead, type LetterheadNames } from '../../lib/pdf-letterhead.js';

export interface CredentialLetter {
  nombre: string;
  apellido: string;
  numeroDocumento: string;
  email: string;
  contrasena: string;
}

export interface CredentialLettersInput {
  names: LetterheadNames;
  logo: Buffer | undefined;
  appName: string;
  /** Where to sign in: PUBLIC_URL, or the address the import was applied at. */
  address: string;
  letters: CredentialLetter[];
}

const MARGIN = 48;

/** One letter in the half page that starts at `top` (an A5 of the A4 sheet). */
function letter(doc: PDFKit.PDFDocument, input: CredentialLettersInput, l: CredentialLetter, top: number) {
  doc.x = MARGIN;
  doc.y = top + 36;
  drawLetterhead(doc, input.names, input.logo, MARGIN);
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(13).text(`Credenciales de acceso a ${input.appName}`, { width });
  doc.moveDown(0.6);
  const field = (label: string, value: string, font = 'Helvetica') => {
    doc.font('Helvetica').fontSize(11).text(`${label}: `, { continued: true, width });
    doc.font(font).text(value, { width });
  };
  field('Nombre', `${l.nombre} ${l.apellido}`);
  field('Documento', groupDocumento(l.numeroDocumento));
  field('Correo electrónico', l.email);
  field('Contraseña temporal', l.contrasena, 'Courier-Bold');
  field('Dirección para ingresar', input.address);
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text('Cambie su contraseña al ingresar: ', { continued: true, width })
    .font('Helvetica')
    .text(
      `la contraseña temporal sirve sólo para el primer ingreso, en el que ${input.appName} le pide una nueva. ` +
        'No comparta esta carta; destrúyala una vez que haya ingresado.',
      { width },
    );
}

/**
 * The credential letters of an import (issue 44): an A4 sheet holds two, each on its own A5 half with the
 * faculty's letterhead, to be cut along the dashed line and handed to each person.
 */
export function renderCredentialLetters(input: CredentialLettersInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Cartas de credenciales', Author: input.names.facultad, Creator: 'Arandu' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  input.letters.forEach((l, i) => {
    if (i % 2 === 0) {
      doc.addPage();
      const half = doc.page.height / 2;
      doc
        .save()
        .moveTo(24, half)
        .lineTo(doc.page.width - 24, half)
        .dash(4, { space: 4 })
        .stroke()
        .restore();
    }
    letter(doc, input, l, i % 2 === 0 ? 0 : doc.page.height / 2);
  });
  doc.end();
  return done;
}
