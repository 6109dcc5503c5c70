import type { OutboxItem } from '@arandu/shared';
import { Alert, Code, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { OutboxStateBadge } from './outbox-state-badge';

/** What the server writes in place of a temporary password (every one is masked on screen, issue 40). */
const MASKED = 'Contraseña temporal: ********';

/** One mail of 'Correos' as its recipient reads it: who, when, its state and the body, its secrets masked. */
export function MailViewer({ mail, onClose }: { mail: OutboxItem | null; onClose: () => void }) {
  return (
    <Modal opened={mail !== null} onClose={onClose} title={mail?.asunto ?? ''} size="lg">
      {mail && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Field label="Para" value={mail.destinatario} />
            <Field label="Fecha" value={formatDateTime(mail.fecha)} />
            <div>
              <Text size="xs" c="dimmed">
                Estado
              </Text>
              <OutboxStateBadge estado={mail.estado} />
            </div>
            {mail.enviadoEn && <Field label="Enviado" value={formatDateTime(mail.enviadoEn)} />}
          </SimpleGrid>
          {mail.error && (
            <Alert color="red" variant="light" title="Error de envío">
              {mail.error}
            </Alert>
          )}
          {mail.estado === 'retenido' && (
            <Text size="xs" c="dimmed">
              Sin servidor de correo configurado: este correo está en espera de envío.
            </Text>
          )}
          {mail.cuerpo.includes(MASKED) && (
            <Text size="xs" c="dimmed">
              La contraseña temporal se muestra enmascarada a todos: la que pidió su dueño va sólo a su buzón, y la
              que establece el personal se le muestra una sola vez, al establecerla.
            </Text>
          )}
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} aria-label="Texto del correo">
            {mail.cuerpo.trimEnd()}
          </Code>
        </Stack>
      )}
    </Modal>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </div>
  );
}
