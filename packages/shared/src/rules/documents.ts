/**
 * A document number as the public verification shows it (issue 30): grouped by thousands when it is all
 * digits, then every character but the first two and the last hidden: '4812340' -> '4.8**.**0'.
 */
export function maskDocumento(documento: string): string {
  const plain = documento.replace(/[.\s-]/g, '');
  const grouped = /^\d+$/.test(plain) ? plain.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : plain;
  const total = plain.length;
  let seen = 0;
  return [...grouped]
    .map((ch) => {
      if (ch === '.') return ch;
      const i = seen++;
      return i < 2 || i === total - 1 ? ch : '*';
    })
    .join('');
}

/** A document number as every screen shows it: '4858380' -> '4.858.380'; one with anything but digits as it is. */
export function groupDocumento(documento: string): string {
  const text = documento.trim();
  if (!/^\d+$/.test(text)) return text;
  return text.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
