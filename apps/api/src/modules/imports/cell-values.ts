/**
 * A date as people type it (dd/mm/aaaa, d/m/aa is not accepted: the century would be a guess) or as a
 * spreadsheet stores it (read as 'YYYY-MM-DD'). Anything else is handed on as typed, for the form's schema
 * to refuse with its own message.
 */
export function isoDate(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  const ymd = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+Z?)?$/.exec(text);
  if (ymd) return `${ymd[1]}-${ymd[2]}-${ymd[3]}`;
  return text;
}

/** A document number with or without its dots ('4.858.380'), spaces or a spreadsheet's '.0'. */
export function documentDigits(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const plain = text.replace(/\.0$/, '');
  return /^[0-9][0-9.\s]*$/.test(plain) ? plain.replace(/[.\s]/g, '') : text;
}

/** A whole number as typed ('1.234' with es-PY dots too); otherwise the text, for the schema to refuse. */
export function wholeNumber(text: string | undefined): number | string | undefined {
  if (text === undefined) return undefined;
  const plain = text.replace(/\.0$/, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(plain)) return Number(plain.replace(/\./g, ''));
  return /^-?\d+$/.test(plain) ? Number(plain) : text;
}

/** Text without accents or case, for names matched against the catalogue ('Informática' is 'informatica'). */
export function looseText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
