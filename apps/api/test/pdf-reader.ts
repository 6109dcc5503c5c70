import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fontsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

/**
 * A PDF read back with Mozilla's PDF.js: the text of every page (items joined by spaces), each page's on its own
 * (`pageTexts`), and the link targets.
 */
export async function readPdf(
  data: Buffer,
): Promise<{ pages: number; text: string; pageTexts: string[]; links: string[] }> {
  const pdf = await getDocument({ data: new Uint8Array(data), standardFontDataUrl: fontsDir, verbosity: 0 }).promise;
  const texts: string[] = [];
  const links: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    texts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
    for (const a of (await page.getAnnotations()) as { url?: string }[]) if (a.url) links.push(a.url);
  }
  await pdf.destroy();
  return {
    pages: pdf.numPages,
    text: texts.join('\n').replace(/\s+/g, ' '),
    pageTexts: texts.map((t) => t.replace(/\s+/g, ' ')),
    links,
  };
}
