import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ReauthModal } from '../../../components/reauth-modal';
import { SessionsTable } from '../../../components/sessions-table';
import { toast } from '../../../components/toast';
import { useResetMfa } from '../api/staff-actions';
import { InstitutionalAccountCard } from './institutional-account-card';
import { SecurityEventsTable } from './security-events-table';

/**
 * The 'Seguridad' tab of a user's record, for staff: their open sessions (to end), 'Restablecer segundo factor'
 * for a lost phone (with the reason, and the actor's own password and current code: issue 41), the provider's
 * account the user is bound to, and the user's security events.
 */
export function UserSecurityPanel({ userId }: { userId: number }) {
  const [asking, setAsking] = useState(false);
  const reset = useResetMfa(userId);

  return (
    <Stack gap="md">
      <SessionsTable userId={userId} title="Sesiones abiertas" />
      <Paper withBorder p="md" component="section" aria-label="Segundo factor del usuario">
        <Stack gap="sm">
          <Title order={2} fz="md">
            Segundo factor
          </Title>
          <Text size="sm" c="dimmed">
            Si el usuario perdió su teléfono y sus códigos de recuperación: se quita su segundo factor, se cierran sus
            sesiones y se le avisa por correo; queda registrado con el motivo.
          </Text>
          <Group>
            <Button variant="default" onClick={() => setAsking(true)}>
              Restablecer segundo factor
            </Button>
          </Group>
        </Stack>
      </Paper>
      {asking && (
        <ReauthModal
          title="Restablecer segundo factor"
          message="Indique el motivo y confirme que es usted con su contraseña y un código actual de su propia aplicación de autenticación."
          confirmLabel="Sí, restablecer"
          askMotivo
          onClose={() => setAsking(false)}
          onConfirm={async (input) => {
            toast.success((await reset.mutateAsync(input)).message);
          }}
        />
      )}
      <InstitutionalAccountCard userId={userId} />
      <SecurityEventsTable userId={userId} />
    </Stack>
  );
}
