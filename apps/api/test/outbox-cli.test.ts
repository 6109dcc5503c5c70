import { describe, expect, it } from 'vitest';
import { formatOutbox } from '../src/cli/outbox.js';

const mail = (id: number) => ({
  id,
  fecha: '2026-03-01T12:00:00Z',
  estado: 'retenido' as const,
  destinatario: `persona${id}@facultad.edu.py`,
  asunto: 'Arandu: bienvenida',
  cuerpo: 'Contraseña temporal: abcdEFGH2345\n',
  error: null,
});

describe('npm run outbox (issue 44)', () => {
  it('says how many mails it left out past --limit, and how to see them', () => {
    const printed = formatOutbox([mail(5296), mail(5295)], 5296);
    expect(printed).toContain('Se muestran los 2 correos más recientes de 5.296: faltan 5.294. Use -- --limit 500');
    expect(printed).not.toContain('abcdEFGH2345');
  });

  it('says nothing more when it shows them all', () => {
    expect(formatOutbox([mail(1)], 1)).not.toContain('Se muestran');
  });
});
