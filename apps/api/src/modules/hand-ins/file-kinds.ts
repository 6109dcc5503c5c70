import { fileTypeFromBuffer } from 'file-type';
import { TIPO_ENTREGA_LABELS, type TipoEntrega } from '@arandu/shared';

/**
 * The kind of an uploaded file, read from its first bytes (file-type), never from its name: a PDF renamed
 * .docx is a PDF, a script renamed .pdf is refused with what it is.
 */
const KINDS: Record<TipoEntrega, readonly string[]> = {
  pdf: ['application/pdf'],
  imagen: ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp', 'image/gif'],
  office: [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    // Word 97-2003, Excel 97-2003, PowerPoint 97-2003 (compound file).
    'application/x-cfb',
  ],
  zip: ['application/zip'],
};

/** Kinds the browser shows in its own tab; every other one is sent as a download. */
export const INLINE_MIMES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export type Sniffed = { mime: string; ext: string } | undefined;

/** What the first part of a file is (the first 256 KB is enough for every kind above). */
export async function sniff(firstPart: Buffer): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(firstPart);
  return found && { mime: found.mime, ext: found.ext };
}

export function kindOf(sniffed: Sniffed): TipoEntrega | undefined {
  if (!sniffed) return undefined;
  return (Object.keys(KINDS) as TipoEntrega[]).find((k) => KINDS[k].includes(sniffed.mime));
}

/** How a refusal names what was found: 'un archivo EXE (application/x-msdownload)', or unknown bytes. */
export function describeFound(sniffed: Sniffed): string {
  if (!sniffed) return 'de un tipo no reconocido (texto u otro formato sin firma)';
  return `un archivo ${sniffed.ext.toUpperCase()} (${sniffed.mime})`;
}

export const describeAccepted = (tipos: readonly TipoEntrega[]) => tipos.map((t) => TIPO_ENTREGA_LABELS[t]).join(', ');
