/**
 * Where uploaded files live (issue 46): one interface, so a module never knows the medium. The default keeps
 * them in PostgreSQL (pg-storage.ts), content-addressed by SHA-256 in 256 KB parts, so a backup, a second API
 * process or a second machine need nothing more; with `S3_BUCKET` the bytes go to an S3-compatible bucket
 * (s3-storage.ts) and PostgreSQL keeps only the index. Files are written and read one part at a time: never a
 * whole file in memory.
 */
export interface FileStorage {
  /** Starts a new file; its parts are written in order, then `finish` names it by its hash. */
  create(): Promise<StorageWriter>;
  /** The file's bytes, a part at a time; undefined when no finished file has that hash. */
  read(sha256: string): Promise<AsyncIterable<Buffer> | undefined>;
  /**
   * Drops the files of these hashes that nothing refers to any more (a refused upload's): a file some row
   * names is kept, whoever wrote it.
   */
  forget(sha256s: readonly string[]): Promise<void>;
}

export interface StorageWriter {
  write(part: Buffer): Promise<void>;
  /** The file, named by its content's SHA-256 (an identical file already kept is reused, this copy dropped). */
  finish(): Promise<StoredFile>;
  /** Drops what was written. */
  abort(): Promise<void>;
}

export interface StoredFile {
  sha256: string;
  bytes: number;
}

/** The size of one part: the most a writer or a reader holds of a file at once. */
export const PART_BYTES = 256 * 1024;

/**
 * Re-cuts a stream of chunks of any size into parts of exactly `size` bytes (the last one shorter), holding
 * at most one part and one incoming chunk.
 */
export async function* inParts(source: AsyncIterable<Buffer>, size = PART_BYTES): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let held = 0;
  for await (const chunk of source) {
    let rest = chunk;
    while (held + rest.length >= size) {
      const take = size - held;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending, size);
      rest = rest.subarray(take);
      pending = [];
      held = 0;
    }
    if (rest.length) {
      pending.push(rest);
      held += rest.length;
    }
  }
  if (held) yield Buffer.concat(pending, held);
}
