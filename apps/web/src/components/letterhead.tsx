import { formatDate } from '../lib/format';
import { logoUrl, useMembrete } from '../lib/membrete';

/**
 * The letterhead of printed documents (issue 30): the faculty's logo, university and faculty as
 * 'Configuración' sets them, and the day of printing.
 */
export function Letterhead({ className }: { className?: string }) {
  const membrete = useMembrete().data;
  return (
    // The outer box is the caller's (the acta shows it only while printing); the layout is inside it.
    <div className={className} data-testid="letterhead">
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        {membrete?.tieneLogo && (
          <img src={logoUrl()} alt="Logo de la facultad" style={{ maxHeight: 56, maxWidth: 140 }} />
        )}
        <div>
          <strong style={{ fontSize: 16 }}>{membrete?.universidad ?? ''}</strong>
          <br />
          {membrete?.facultad ?? ''} · Impreso el {formatDate(new Date())}
        </div>
      </div>
    </div>
  );
}
