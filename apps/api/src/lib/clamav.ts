import net from 'node:net';

/**
 * ClamAV's daemon over its INSTREAM command (issue 46): each upload is streamed to clamd as it arrives, beside
 * the storage, and accepted only when clamd answers clean. `CLAMAV_SOCKET` is a Unix socket's path
 * (/var/run/clamav/clamd.ctl) or 'host:port'. The protocol: 'zINSTREAM\0', then chunks each prefixed by its
 * length (4 bytes, big-endian), a zero length to end, and one reply: 'stream: OK' or 'stream: <name> FOUND'.
 * clamd refuses a stream longer than its StreamMaxLength (25 MB by default): that answer is a refusal too.
 */
export interface VirusScan {
  write(chunk: Buffer): Promise<void>;
  /** The verdict, once every chunk is sent. */
  finish(): Promise<ScanVerdict>;
  abort(): void;
}

export type ScanVerdict = { clean: true } | { clean: false; reason: string };

export type VirusScanner = () => Promise<VirusScan>;

/** The chunks sent to clamd (its default StreamMaxLength is counted over all of them). */
const MAX_CHUNK = 64 * 1024;

function connect(target: string): Promise<net.Socket> {
  const hostPort = /^([^/][^:]*):(\d+)$/.exec(target);
  return new Promise((resolve, reject) => {
    const socket = hostPort ? net.connect(Number(hostPort[2]), hostPort[1]) : net.connect(target);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** A scanner talking to clamd at `target`; each scan opens its own connection. */
export function clamavScanner(target: string, timeoutMs = 60_000): VirusScanner {
  return async () => {
    const socket = await connect(target);
    socket.setTimeout(timeoutMs);
    const reply: Buffer[] = [];
    let failure: Error | undefined;
    const done = new Promise<string>((resolve) => {
      socket.on('data', (data: Buffer) => reply.push(data));
      socket.on('timeout', () => {
        failure = new Error('clamd no respondió a tiempo');
        socket.destroy();
      });
      socket.on('error', (err) => {
        failure = err;
      });
      socket.on('close', () => resolve(Buffer.concat(reply).toString('utf8').replace(/\0/g, '').trim()));
    });
    const send = (data: Buffer) =>
      new Promise<void>((resolve, reject) => {
        if (failure || socket.destroyed) return reject(failure ?? new Error('clamd cerró la conexión'));
        socket.write(data, (err) => (err ? reject(err) : resolve()));
      });
    await send(Buffer.from('zINSTREAM\0'));
    return {
      async write(chunk) {
        for (let at = 0; at < chunk.length; at += MAX_CHUNK) {
          const piece = chunk.subarray(at, at + MAX_CHUNK);
          const size = Buffer.alloc(4);
          size.writeUInt32BE(piece.length);
          await send(Buffer.concat([size, piece]));
        }
      },
      async finish() {
        await send(Buffer.alloc(4)).catch(() => undefined);
        socket.end();
        const text = await done;
        if (/^stream: OK$/.test(text)) return { clean: true };
        const found = /^stream: (.+) FOUND$/.exec(text);
        if (found) return { clean: false, reason: found[1]! };
        if (failure && !text) throw failure;
        return { clean: false, reason: text || 'sin respuesta' };
      },
      abort() {
        socket.destroy();
      },
    };
  };
}
