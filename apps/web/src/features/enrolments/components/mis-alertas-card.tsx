import { MSG_TEACHING } from '@arandu/shared';
import { Alert, Anchor, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CausaAlertaBadge } from '../../../components/causa-alerta-badge';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useMisAlertas } from '../api/get-mis-alertas';

/**
 * 'Alertas tempranas' on the student's dashboard (issue 30): what the daily review found in the subjects still in
 * course, with the figures, so the student can act before the exam. Nothing is shown when there is none.
 */
export function MisAlertasCard() {
  const alertas = useMisAlertas();
  if (!alertas.data || alertas.data.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title="Alertas tempranas"
      aria-label="Alertas tempranas"
    >
      <Stack gap="xs">
        <Text size="sm">Arandu encontró riesgos en sus materias en curso. Consulte con su profesor.</Text>
        <List spacing="xs" listStyleType="none" p={0}>
          {alertas.data.map((a) => (
            <List.Item key={`${a.materiaPeriodoId}-${a.causa}`}>
              <Group gap="xs" wrap="wrap">
                <Anchor
                  component={Link}
                  to={paths.studentSubjects.detail(a.materiaPeriodoId)}
                  fw={600}
                  size="sm"
                  c="inherit"
                  underline="always"
                >
                  {a.materia}
                </Anchor>
                <CausaAlertaBadge causa={a.causa} />
                <Text size="xs" c="dimmed">
                  {formatDate(a.fecha)}
                </Text>
              </Group>
              <Text size="sm">{a.detalle}</Text>
              {a.causa === 'pp-bajo' && (
                <Text size="xs" c="dimmed">
                  {MSG_TEACHING.ppAlertaAyuda}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}
