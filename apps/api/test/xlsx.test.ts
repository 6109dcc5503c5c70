import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { attachmentHeader, inBatches, writeXlsx } from '../src/lib/xlsx.js';

describe('lib/xlsx', () => {
  it('pages through every batch with the key of the last row', async () => {
    const data = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1 }));
    const asked: (number | undefined)[] = [];
    const batches = inBatches(
      1000,
      async (after: number | undefined, size) => {
        asked.push(after);
        return data.filter((r) => r.id > (after ?? 0)).slice(0, size);
      },
      (r) => r.id,
    );
    const sizes: number[] = [];
    for await (const b of batches) sizes.push(b.length);
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(asked).toEqual([undefined, 1000, 2000]);
  });

  it('writes a real workbook row by row', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => out.on('end', resolve));
    async function* rows() {
      yield [{ n: 'Ñandutí', v: 1.5 }];
      yield { n: 'Último', v: null };
    }
    await writeXlsx(out, {
      name: 'Hoja',
      columns: [
        { header: 'Nombre', value: (r: { n: string; v: number | null }) => r.n },
        { header: 'Valor', value: (r) => r.v },
      ],
      rows: rows(),
    });
    await done;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([['Nombre', 'Valor'], ['Ñandutí', 1.5], ['Último']]);
  });

  it('names the file in ASCII and, exactly, in RFC 5987 form', () => {
    expect(attachmentHeader('Reporte Estado Académico.xlsx')).toBe(
      `attachment; filename="Reporte Estado Academico.xlsx"; filename*=UTF-8''Reporte%20Estado%20Acad%C3%A9mico.xlsx`,
    );
  });
});
