import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP peer received it. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP peer on a loopback port: the app talks SMTP to it exactly as to the faculty's server. `refuse`
 * makes it answer 450 to every recipient until set back.
 */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const state = { refusing: false };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing) return callback(Object.assign(new Error('Buzón no disponible'), { responseCode: 450 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    receivedBy: (to: string) => received.filter((m) => m.to.includes(to)),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The mail body as sent: quoted-printable soft breaks undone, so the password reads whole. */
export function bodyOf(raw: string): string {
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(text, 'latin1').toString('utf8');
}
