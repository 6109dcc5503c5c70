import { MSG_EXAMENES, type UserDetail } from '@arandu/shared';
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { useRectifyGrant } from '../api/staff-actions';

/**
 * The root administrator's grant of 'actas:rectificar' to a Funcionario (issue 30), saved when switched:
 * Admins hold it by role, nobody else may receive it.
 */
export function RectifyGrantPanel({ user }: { user: UserDetail }) {
  const grant = useRectifyGrant(user.id);
  const change = async (value: boolean) => {
    try {
      await grant.mutateAsync(value);
      toast.success(
        value
          ? `${user.nombre} ${user.apellido} puede rectificar actas`
          : `${user.nombre} ${user.apellido} ya no puede rectificar actas`,
      );
    } catch (error) {
      toast.error(failureMessage(error, MSG_EXAMENES.rectificacionGrantRootOnly));
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-label="Permisos especiales">
      <Stack gap="xs">
        <Title order={2} fz="md">
          Permisos especiales
        </Title>
        <Switch
          label="Puede rectificar actas (actas rectificativas)"
          description="Corrige la nota de un alumno en un acta sellada con una rectificación que queda sellada y auditada."
          checked={!!user.puedeRectificar}
          disabled={grant.isPending}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed">
          Los administradores lo tienen por su rol. Sólo el administrador raíz lo otorga o lo quita.
        </Text>
      </Stack>
    </Paper>
  );
}
