import type { FastifyRequest } from 'fastify';
import { MSG_ENTREGAS as E, type EntregaConfig } from '@arandu/shared';
import type { VirusScan, VirusScanner } from '../../lib/clamav.js';
import { AppError } from '../../lib/errors.js';
import { Semaphore } from '../../lib/semaphore.js';
import { inParts, type FileStorage, type StorageWriter } from '../../lib/storage/storage.js';
import { describeAccepted, describeFound, kindOf, sniff } from './file-kinds.js';

export type ReceivedFile = { nombre: string; bytes: number; sha256: string; tipo: string };

/**
 * What one upload may carry: the homework's kinds, count and size for a student's hand-in; for the file a
 * professor gives back, every kind, one file, the homework's size, under its own field and messages.
 */
export type UploadLimits = Pick<EntregaConfig, 'tipos' | 'maxArchivos' | 'maxMB'> & {
  campo?: string;
  /** Said when the request carries no file in the field. */
  elegir?: string;
  /** Said when it carries more than `maxArchivos`. */
  demasiados?: string;
};

const FIELD = 'archivos';
const refuse = (message: string, campo = FIELD) => AppError.badField(campo, message);

/** A client's file name as kept: the last path segment, no control characters, at most 255 characters. */
export function cleanName(name: string, campo = FIELD): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (clean.length > 255) throw refuse(E.nombreMuyLargo, campo);
  return clean || 'archivo';
}

/**
 * Uploads read at once by this process; the others wait, their bodies unread (in the kernel's socket buffers,
 * not in this process), in order of arrival. Each upload being read holds about a part (256 KB) and its
 * stream's buffers, so on a deadline rush 300 students' uploads cost ~300 parts of memory without the gate and
 * ~32 with it (bench/README.md, bench/entregas: 373 MB of peak RSS before, within 300 MB after). The database
 * (a pool of 10 connections) writes no faster with more. The deadline is read when a request arrives, so
 * waiting here never makes a student late.
 */
const receiving = new Semaphore(32, 5_000);

/**
 * Reads the upload's files one after another, each streamed to the storage in 256 KB parts (and to clamd when
 * configured) as it arrives: its kind is read from its first part, its size and the count of files are checked
 * while it streams, so a file too large or of the wrong kind is refused before the rest of it is read. On any
 * refusal the files already stored by this request are dropped (unless another hand-in names the same bytes).
 */
export async function receiveFiles(
  request: FastifyRequest,
  config: UploadLimits,
  storage: FileStorage,
  scanner: VirusScanner | undefined,
): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw refuse(config.elegir ?? E.elegirArchivos, config.campo);
  return receiving.run(
    () => receive(request, config, storage, scanner),
    () => AppError.tooManyRequests(E.muchasEntregas),
  );
}

async function receive(
  request: FastifyRequest,
  config: UploadLimits,
  storage: FileStorage,
  scanner: VirusScanner | undefined,
): Promise<ReceivedFile[]> {
  const campo = config.campo ?? FIELD;
  const elegir = config.elegir ?? E.elegirArchivos;
  const demasiados = config.demasiados ?? E.demasiadosArchivos(config.maxArchivos);
  const no = (message: string) => refuse(message, campo);
  const maxBytes = config.maxMB * 1024 * 1024;
  const received: ReceivedFile[] = [];
  let writer: StorageWriter | undefined;
  let scan: VirusScan | undefined;
  try {
    const parts = request.parts({
      limits: { files: config.maxArchivos + 1, fileSize: maxBytes + 1, fields: 0, parts: config.maxArchivos + 1 },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== campo) throw no(elegir);
      if (received.length >= config.maxArchivos) throw no(demasiados);
      const nombre = cleanName(part.filename, campo);
      writer = await storage.create();
      scan = scanner
        ? await scanner().catch(() => {
            throw no(E.antivirusNoResponde);
          })
        : undefined;
      let bytes = 0;
      let tipo = '';
      for await (const chunk of inParts(part.file)) {
        if (bytes === 0) {
          const found = await sniff(chunk);
          if (!kindOf(found) || !config.tipos.includes(kindOf(found)!)) {
            throw no(E.tipoNoAdmitido(nombre, describeFound(found), describeAccepted(config.tipos)));
          }
          tipo = found!.mime;
        }
        bytes += chunk.length;
        if (bytes > maxBytes) throw no(E.archivoMuyGrande(nombre, config.maxMB));
        await writer.write(chunk);
        await scan?.write(chunk).catch(() => {
          throw no(E.antivirusNoResponde);
        });
      }
      if (part.file.truncated) throw no(E.archivoMuyGrande(nombre, config.maxMB));
      if (bytes === 0) throw no(E.archivoVacio(nombre));
      if (scan) {
        const verdict = await scan.finish().catch(() => ({ clean: false as const, reason: '' }));
        scan = undefined;
        if (!verdict.clean) throw no(verdict.reason ? E.virus(nombre, verdict.reason) : E.antivirusNoResponde);
      }
      const stored = await writer.finish();
      writer = undefined;
      received.push({ nombre, bytes, sha256: stored.sha256, tipo });
    }
  } catch (err) {
    scan?.abort();
    await writer?.abort();
    await storage.forget(received.map((f) => f.sha256));
    throw multipartRefusal(err, no, elegir, demasiados);
  }
  if (!received.length) throw no(elegir);
  return received;
}

/** @fastify/multipart's own limits and a broken body, as the upload's refusals. */
function multipartRefusal(
  err: unknown,
  no: (message: string) => AppError,
  elegir: string,
  demasiados: string,
): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return no(demasiados);
  if (code?.startsWith('FST_')) return no(elegir);
  return err;
}
