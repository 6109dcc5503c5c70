import { MSG_OIDC } from '@arandu/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { usePublicSettings } from '../../../lib/public-settings';
import { useCuentaInstitucional, useRemoveCuentaInstitucional } from '../api/institutional-account';

const TITLE = 'Cuenta institucional';

/**
 * The provider's account a user is bound to (issue 41), on the user's 'Seguridad' tab: who the provider says
 * this is (issuer and subject) and since when, and 'Quitar vinculación' when the person got a new account.
 * Shown where the institutional sign-in is offered, or where a binding is left from when it was.
 */
export function InstitutionalAccountCard({ userId }: { userId: number }) {
  const { institutionalLogin } = usePublicSettings();
  const binding = useCuentaInstitucional(userId);
  const remove = useRemoveCuentaInstitucional(userId);
  const cuenta = binding.data?.cuenta ?? null;
  if (!binding.data || (!institutionalLogin && !cuenta)) return null;

  const unbind = async () => {
    const ok = await confirmDialog({
      title: 'Quitar vinculación',
      message:
        'El próximo ingreso con cuenta institucional vinculará la cuenta que muestre el correo verificado del usuario. ¿Continuar?',
      confirmLabel: 'Sí, quitar',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync();
      toast.success(MSG_OIDC.identityRemoved);
    } catch (error) {
      toast.error(failureMessage(error, MSG_OIDC.identityNone));
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={TITLE}>
      <Stack gap="sm">
        <Title order={2} fz="md">
          {TITLE}
        </Title>
        {cuenta ? (
          <>
            <Text size="sm">
              Vinculada el {formatDateTime(cuenta.vinculadaEn)}: sujeto <code>{cuenta.sujeto}</code> del proveedor{' '}
              <code>{cuenta.emisor}</code>. El ingreso institucional reconoce al usuario por esta cuenta, aunque cambie
              su correo; otra cuenta con el mismo correo es rechazada.
            </Text>
            <Group>
              <Button variant="light" color="red" loading={remove.isPending} onClick={() => void unbind()}>
                Quitar vinculación
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Sin cuenta institucional vinculada: el próximo ingreso con cuenta institucional vincula la del correo
            verificado del usuario.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
