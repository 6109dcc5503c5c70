import { signInText } from '@arandu/shared';
import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { browserName } from '../../../lib/user-agent';
import { useMySignIns } from '../api/sign-ins';

/**
 * 'Últimos ingresos' under 'Mis sesiones' (issue 41): how, from which browser and when, one line each:
 * 'Ingreso con cuenta institucional · Chrome en Linux · 28/11/2026 09:41'. The address shows on hover.
 */
export function RecentSignIns() {
  const signIns = useMySignIns();
  return (
    <Paper withBorder p="md" component="section" aria-label="Últimos ingresos">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Últimos ingresos
        </Title>
        <Text size="sm" c="dimmed">
          Si no reconoce alguno, cambie su contraseña y cierre las sesiones que no sean suyas.
        </Text>
        {signIns.isPending ? (
          <PageLoader />
        ) : signIns.isError ? (
          <Text c="red" size="sm">
            {signIns.error instanceof ApiError ? signIns.error.message : 'No se pudieron cargar los ingresos.'}
          </Text>
        ) : signIns.data.length === 0 ? (
          <Text size="sm">No hay ingresos registrados.</Text>
        ) : (
          <List size="sm" spacing={4} listStyleType="none">
            {signIns.data.map((s) => (
              <List.Item key={s.id} title={s.direccion ?? undefined}>
                {[signInText(s.metodo, s.factor), browserName(s.agenteUsuario), formatDateTime(s.fecha)].join(' · ')}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
