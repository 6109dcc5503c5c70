import fs from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF read back with a real parser (pdfjs-dist): each page's text and the links it carries. */
export async function readPdf(file: string): Promise<{ pages: string[]; links: string[] }> {
  const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(file)), useSystemFonts: true }).promise;
  const pages: string[] = [];
  const links: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .replace(/[ \t]+/g, ' '),
    );
    for (const a of (await page.getAnnotations()) as { url?: string }[]) if (a.url) links.push(a.url);
  }
  await doc.destroy();
  return { pages, links };
}
