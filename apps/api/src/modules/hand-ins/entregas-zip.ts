import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentHeader } from '../../lib/xlsx.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { zipStored, type ZipEntry } from '../../lib/zip-stored.js';
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
 * of the version that counts, written as it is sent (lib/zip-stored.ts): each file is read from the storage a
 * batch of parts at a time when the archive reaches it, at the pace the professor's connection takes it, so
 * one file's batch is in memory at a time, whatever the class (bench/README.md, bench/entregas).
 */
export function sendEntregasZip(
  reply: FastifyReply,
  storage: FileStorage,
  fileName: string,
  alumnos: Awaited<ReturnType<typeof zipEntriesOf>>,
) {
  const entries: ZipEntry[] = [];
  for (const alumno of alumnos) {
    const folder = zipSegment(`${alumno.apellido}, ${alumno.nombre} - ${alumno.numeroDocumento}`);
    const used = new Set<string>();
    for (const archivo of alumno.archivos) {
      let name = zipSegment(archivo.nombre);
      for (let n = 2; used.has(name); n += 1) name = zipSegment(`(${n}) ${archivo.nombre}`);
      used.add(name);
      entries.push({ name: `${folder}/${name}`, content: () => storage.read(archivo.sha256) });
    }
  }
  const archive = Readable.from(zipStored(entries), { objectMode: false });
  // A file that cannot be read (the database gone mid-stream) ends the download, never the process.
  archive.on('error', (err) => {
    reply.log.warn({ err }, 'entregas.zip interrumpido');
    reply.raw.destroy(err);
  });
  reply.header('Content-Type', 'application/zip').header('Content-Disposition', attachmentHeader(fileName));
  return reply.send(archive);
}
