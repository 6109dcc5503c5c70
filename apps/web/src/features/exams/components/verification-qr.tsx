import { QrCode } from './qr-code';

/** The QR code of a document's verification page, also a link (a printed PDF keeps it as one). */
export function VerificationQr({ url, code }: { url: string; code: string }) {
  return (
    <a href={url} aria-label={`Verificar el código ${code}`}>
      <QrCode value={url} label={`Código QR de verificación ${code}`} />
    </a>
  );
}
