/** The faculty's names as 'Configuración' holds them (the certificates' `membrete`). */
export interface LetterheadNames {
  universidad: string;
  facultad: string;
}

/**
 * The letterhead of Arandu's PDFs (decision record 023), at the document's current position: the logo from
 * 'Configuración' at the left when there is one, the university and the faculty beside it, and a rule across
 * the page below. Certificates open every page with it; credential letters (issue 44) each half page.
 */
export function drawLetterhead(
  doc: PDFKit.PDFDocument,
  names: LetterheadNames,
  logo: Buffer | undefined,
  margin: number,
): void {
  const top = doc.y;
  if (logo) doc.image(logo, margin, top, { fit: [120, 60] });
  const left = logo ? margin + 132 : margin;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(names.universidad, left, top, { width: 420 - (left - margin) });
  doc.font('Helvetica').fontSize(12).text(names.facultad, left);
  doc.y = Math.max(doc.y, top + (logo ? 64 : 0)) + 10;
  doc
    .moveTo(margin, doc.y)
    .lineTo(doc.page.width - margin, doc.y)
    .stroke();
  doc.moveDown(1);
  doc.x = margin;
}
