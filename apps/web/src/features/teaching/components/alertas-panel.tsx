import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CausaAlertaBadge } from '../../../components/causa-alerta-badge';
import { formatDate } from '../../../lib/format';
import { useAlertas } from '../api/alertas';

/**
 * 'Alertas tempranas' of the plan page (issue 30): the students the daily review found at risk in this subject,
 * with the cause, the figures and the day it was found. The review runs once a day; the list is what it stored.
 */
export function AlertasPanel({ materiaPeriodoId }: { materiaPeriodoId: number }) {
  const alertas = useAlertas(materiaPeriodoId);
  return (
    <Paper withBorder p="md" aria-labelledby="alertas-tempranas-titulo" component="section">
      <Stack gap="sm">
        <Group gap="xs">
          <IconAlertTriangle size={18} aria-hidden />
          <Title order={2} size="h4" id="alertas-tempranas-titulo">
            Alertas tempranas
          </Title>
          {alertas.data && alertas.data.length > 0 && (
            <Badge color="red" variant="filled" aria-label={`${alertas.data.length} alertas`}>
              {alertas.data.length}
            </Badge>
          )}
        </Group>
        {alertas.isPending && <Loader size="sm" aria-label="Cargando alertas" />}
        {alertas.isError && (
          <Alert color="red" variant="light">
            No se pudieron cargar las alertas de la materia.
          </Alert>
        )}
        {alertas.data?.length === 0 && (
          <Text c="dimmed" size="sm">
            Sin alertas: ningún alumno de la materia está en riesgo según la última revisión diaria.
          </Text>
        )}
        {alertas.data && alertas.data.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Alertas tempranas de la materia">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Alumno</Table.Th>
                  <Table.Th>Causa</Table.Th>
                  <Table.Th>Detalle</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {alertas.data.map((a) => (
                  <Table.Tr key={`${a.perfilAlumnoId}-${a.causa}`}>
                    <Table.Td>{a.alumno}</Table.Td>
                    <Table.Td>
                      <CausaAlertaBadge causa={a.causa} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{a.detalle}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.fecha)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
