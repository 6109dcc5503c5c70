import { MSG_IDENTITY } from '@arandu/shared';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/toast';
import { ApiError, endedSession } from '../../../lib/api-client';
import { SessionsTable } from '../../../components/sessions-table';
import { useResetMfa } from '../api/staff-actions';

/**
 * The user's record, for staff: their open sessions (to end) and 'Restablecer segundo factor' for a lost
 * phone, with the reason the audit log keeps (issue 32).
 */
export function UserSecurityPanel({ userId }: { userId: number }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const reset = useResetMfa(userId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const motivo = (event.currentTarget.elements.namedItem('motivo') as HTMLInputElement).value.trim();
    if (!motivo) return setError(MSG_IDENTITY.mfaReasonRequired);
    try {
      toast.success((await reset.mutateAsync(motivo)).message);
      setAsking(false);
    } catch (failure) {
      if (endedSession(failure)) return;
      const message = failure instanceof ApiError ? failure.message : undefined;
      if (failure instanceof ApiError && failure.fieldErrors.motivo) setError(failure.fieldErrors.motivo);
      else toast.error(message);
    }
  };

  return (
    <Stack gap="md">
      <SessionsTable userId={userId} title="Sesiones abiertas" />
      <Paper withBorder p="md" component="section" aria-label="Segundo factor del usuario">
        <Stack gap="sm">
          <Title order={2} fz="md">
            Segundo factor
          </Title>
          <Text size="sm" c="dimmed">
            Si el usuario perdió su teléfono y sus códigos de recuperación: se quita su segundo factor y se cierran sus
            sesiones; queda en la auditoría con el motivo.
          </Text>
          {!asking ? (
            <Group>
              <Button variant="default" onClick={() => setAsking(true)}>
                Restablecer segundo factor
              </Button>
            </Group>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Group align="flex-start" gap="sm">
                <TextInput
                  name="motivo"
                  label="Motivo"
                  maxLength={500}
                  error={error}
                  onChange={() => setError(undefined)}
                  w={360}
                  autoFocus
                />
                <Button type="submit" color="red" mt={24} loading={reset.isPending}>
                  Restablecer
                </Button>
                <Button variant="default" mt={24} onClick={() => setAsking(false)}>
                  Cancelar
                </Button>
              </Group>
            </form>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
