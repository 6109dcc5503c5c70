import { Readable } from 'node:stream';
import archiver from 'archiver';
import type { FastifyReply } from 'fastify';
import { attachmentHeader } from '../../lib/xlsx.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import type { zipEntriesOf } from './hand-ins.repository.js';

/** A name safe as one path segment of a zip: no separators, no control characters, no '.' or '..'. */
export function zipSegment(name: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .trim()
    .replace(/^\.+$/, '_');
  return clean.slice(0, 200) || '_';
}

/**
 * 'Descargar todas' (issue 46): one zip, a folder per student ('Apellido, Nombre - documento') with the files
 * of the version that counts, streamed as it is written, stored without compression (PDFs and photos are
 * compressed already). Each file is handed to the archive only when the one before it is written: archiver
 * starts reading every stream it is given at once (it pipes each into a buffer of its own), so giving it the
 * whole class up front read the first batch of every file together, ~1 MB per student held until its turn
 * (bench/README.md, bench/entregas: 536 MB of peak RSS for 300 students; one file in memory at a time now).
 */
export function sendEntregasZip(
  reply: FastifyReply,
  storage: FileStorage,
  fileName: string,
  alumnos: Awaited<ReturnType<typeof zipEntriesOf>>,
) {
  const archive = archiver('zip', { store: true });
  reply.header('Content-Type', 'application/zip').header('Content-Disposition', attachmentHeader(fileName));
  const entries: { sha256: string; name: string }[] = [];
  for (const alumno of alumnos) {
    const folder = zipSegment(`${alumno.apellido}, ${alumno.nombre} - ${alumno.numeroDocumento}`);
    const used = new Set<string>();
    for (const archivo of alumno.archivos) {
      let name = zipSegment(archivo.nombre);
      for (let n = 2; used.has(name); n += 1) name = zipSegment(`(${n}) ${archivo.nombre}`);
      used.add(name);
      entries.push({ sha256: archivo.sha256, name: `${folder}/${name}` });
    }
  }
  let next = 0;
  const appendNext = () => {
    const entry = entries[next++];
    if (!entry) {
      void archive.finalize().catch(() => undefined);
      return;
    }
    const lazy = async function* () {
      const content = await storage.read(entry.sha256);
      if (content) yield* content;
    };
    const source = Readable.from(lazy(), { objectMode: false });
    // A file that cannot be read (the database gone mid-stream) ends the download, never the process.
    source.on('error', (err) => archive.destroy(err));
    archive.append(source, { name: entry.name });
  };
  archive.on('entry', appendNext);
  archive.on('error', (err) => {
    reply.log.warn({ err }, 'entregas.zip interrumpido');
    reply.raw.destroy(err);
  });
  appendNext();
  return reply.send(archive);
}
