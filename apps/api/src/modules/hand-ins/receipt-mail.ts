import type { Mail } from '../../lib/mail.js';
import { dateTimeFormat } from '../../lib/date-format.js';
import type { ArchivoRow } from './hand-ins.repository.js';

const bytesFormat = new Intl.NumberFormat('es-PY');

/** The receipt by mail: the time to the second, each file's name, size and SHA-256, as on screen. */
export function receiptMail(v: {
  to: string;
  tarea: { descripcion: string; materia: string };
  version: { numero: number; fecha: string; archivos: ArchivoRow[] };
  atrasada: boolean;
}): Mail {
  const at = new Date(v.version.fecha);
  const when = `${dateTimeFormat.format(at)}:${String(at.getUTCSeconds()).padStart(2, '0')}`;
  const lines = v.version.archivos.map(
    (a) => `- ${a.nombre}: ${bytesFormat.format(a.bytes)} bytes\n  SHA-256: ${a.sha256}`,
  );
  return {
    to: v.to,
    subject: `Comprobante de entrega: ${v.tarea.descripcion}`,
    text: [
      `Recibimos su entrega de la tarea "${v.tarea.descripcion}" de ${v.tarea.materia}.`,
      '',
      `Fecha y hora: ${when} (hora de Asunción)${v.atrasada ? ', entregada con atraso' : ''}.`,
      v.version.numero > 1 ? `Reemplaza a su entrega anterior (versión ${v.version.numero}).` : '',
      '',
      'Archivos:',
      ...lines,
      '',
      'El SHA-256 identifica el contenido exacto de cada archivo recibido.',
    ]
      .filter((l, i, all) => l !== '' || all[i - 1] !== '')
      .join('\n'),
  };
}
