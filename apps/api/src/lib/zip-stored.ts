import { crc32 } from 'node:zlib';
import { asuncionOffsetMinutes } from '@arandu/shared';
import {
  ZIP64_END_OF_CENTRAL,
  ZIP64_LOCATOR,
  ZIP_CENTRAL_HEADER,
  ZIP_DATA_DESCRIPTOR,
  ZIP_END_OF_CENTRAL,
  ZIP_LOCAL_HEADER,
  ZIP_MAX32,
} from './zip-signatures.js';

/**
 * A zip archive written as it goes, its entries stored (not compressed: the hand-ins are PDFs, photos and
 * office files, compressed already), for 'Descargar todas' (issue 46). Each entry's CRC-32 is computed by
 * zlib's native crc32 while its bytes pass (archiver's, in JavaScript, was ~40 % of the API's CPU for a class's
 * zip: bench/README.md, bench/entregas), and written after its data in a data descriptor, so nothing is held but
 * the chunk passing and the central directory (~100 bytes an entry). ZIP64 (PKWARE's APPNOTE 4.5.3, 4.3.14)
 * where an offset passes 4 GB or there are 65,535 entries or more; a single entry stays under 4 GB (the hand-in
 * limit is 100 MB).
 */
export interface ZipEntry {
  /** The path inside the archive ('Apellido, Nombre - 123/informe.pdf'), in UTF-8. */
  name: string;
  /** The entry's bytes, read only when the archive reaches it; undefined writes it empty. */
  content: () => Promise<AsyncIterable<Buffer> | undefined>;
}

/** Bit 3: CRC and sizes follow the data; bit 11: the names are UTF-8. */
const FLAGS = 0x0808;
const MAX16 = 0xffff;
/** Made by UNIX (3), spec 4.5; the entries are plain files, rw-r--r--. */
const MADE_BY = (3 << 8) | 45;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

/** MS-DOS date and time of the archive's entries: the wall clock in Asunción, as the faculty reads it. */
function dosDateTime(at: Date) {
  const wall = new Date(at.getTime() + asuncionOffsetMinutes(at) * 60_000);
  const year = Math.max(1980, wall.getUTCFullYear());
  return {
    date: ((year - 1980) << 9) | ((wall.getUTCMonth() + 1) << 5) | wall.getUTCDate(),
    time: (wall.getUTCHours() << 11) | (wall.getUTCMinutes() << 5) | (wall.getUTCSeconds() >> 1),
  };
}

export async function* zipStored(
  entries: Iterable<ZipEntry>,
  options: { at?: Date; zip64?: 'auto' | 'always' } = {},
): AsyncGenerator<Buffer> {
  const { date, time } = dosDateTime(options.at ?? new Date());
  const always = options.zip64 === 'always';
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const at = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(ZIP_LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes (14-25) stay 0: they come in the data descriptor.
    local.writeUInt16LE(name.length, 26);
    yield Buffer.concat([local, name]);
    offset += local.length + name.length;

    let crc = 0;
    let size = 0;
    const content = await entry.content();
    if (content) {
      for await (const chunk of content) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        yield chunk;
      }
    }
    if (size >= ZIP_MAX32) throw new Error(`zip: la entrada ${entry.name} pasa de 4 GB`);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(ZIP_DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += size + descriptor.length;

    const offset64 = always || at >= ZIP_MAX32;
    const record = Buffer.alloc(46 + (offset64 ? 12 : 0));
    record.writeUInt32LE(ZIP_CENTRAL_HEADER, 0);
    record.writeUInt16LE(MADE_BY, 4);
    record.writeUInt16LE(offset64 ? 45 : 20, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(0, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(size, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(offset64 ? 12 : 0, 30);
    // comment length, disk number, internal attributes: 0
    record.writeUInt32LE(FILE_ATTRIBUTES, 38);
    record.writeUInt32LE(offset64 ? ZIP_MAX32 : at, 42);
    if (offset64) {
      // The ZIP64 extra field with only the field the header marks 0xFFFFFFFF: the local header's offset.
      record.writeUInt16LE(0x0001, 46);
      record.writeUInt16LE(8, 48);
      record.writeBigUInt64LE(BigInt(at), 50);
    }
    central.push(Buffer.concat([record.subarray(0, 46), name, record.subarray(46)]));
    count += 1;
  }

  const directoryAt = offset;
  const directorySize = central.reduce((n, r) => n + r.length, 0);
  for (const record of central) yield record;
  const zip64 = always || count >= MAX16 || directoryAt >= ZIP_MAX32 || directoryAt + directorySize >= ZIP_MAX32;
  if (zip64) {
    const end64 = Buffer.alloc(56);
    end64.writeUInt32LE(ZIP64_END_OF_CENTRAL, 0);
    end64.writeBigUInt64LE(44n, 4); // the record's size after this field
    end64.writeUInt16LE(MADE_BY, 12);
    end64.writeUInt16LE(45, 14);
    // this disk, the directory's disk: 0
    end64.writeBigUInt64LE(BigInt(count), 24);
    end64.writeBigUInt64LE(BigInt(count), 32);
    end64.writeBigUInt64LE(BigInt(directorySize), 40);
    end64.writeBigUInt64LE(BigInt(directoryAt), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(ZIP64_LOCATOR, 0);
    locator.writeBigUInt64LE(BigInt(directoryAt + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    yield Buffer.concat([end64, locator]);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(ZIP_END_OF_CENTRAL, 0);
  end.writeUInt16LE(zip64 ? MAX16 : count, 8);
  end.writeUInt16LE(zip64 ? MAX16 : count, 10);
  end.writeUInt32LE(zip64 ? ZIP_MAX32 : directorySize, 12);
  end.writeUInt32LE(zip64 ? ZIP_MAX32 : directoryAt, 16);
  yield end;
}
