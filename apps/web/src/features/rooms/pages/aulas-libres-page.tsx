import { DIAS_SEMANA, type AulasLibresQuery } from '@arandu/shared';
import { Alert, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useState } from 'react';
import { EmptyTableRow } from '../../../components/empty-result';
import { PageHeader } from '../../../components/page-header';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';
import { useAulasLibres, usePeriodos } from '../api/aulas';
import { TIPO_LABELS } from '../components/aula-form-modal';

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * 'Aulas libres' (issue 45): staff pick a period, a weekday and a time range and see the rooms no class of that
 * period holds then, largest first.
 */
export function AulasLibresPage() {
  const periodos = usePeriodos();
  const [periodoId, setPeriodoId] = useState<string | null>(null);
  const [dia, setDia] = useState<string | null>('1');
  const [desde, setDesde] = useState('07:00');
  const [hasta, setHasta] = useState('08:30');
  const periodo = periodoId ?? String(periodos.data?.find((p) => p.activo)?.value ?? '');
  const rangoOk = HORA.test(desde) && HORA.test(hasta) && hasta > desde;
  const query: AulasLibresQuery | null =
    periodo && dia && rangoOk ? { periodoId: Number(periodo), dia: Number(dia), desde, hasta } : null;
  const libres = useAulasLibres(query);
  useLoadErrorToast(libres.error, 'No se pudieron cargar las aulas libres');

  return (
    <Stack gap="md" maw={900}>
      <PageHeader title="Aulas libres" description="Elija un día y un rango de horas: se muestran las aulas libres." />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <Select
            label="Periodo"
            data={(periodos.data ?? []).map((p) => ({ value: String(p.value), label: p.label }))}
            value={periodo || null}
            onChange={setPeriodoId}
            allowDeselect={false}
          />
          <Select
            label="Día"
            data={Object.entries(DIAS_SEMANA).map(([value, label]) => ({ value, label }))}
            value={dia}
            onChange={setDia}
            allowDeselect={false}
          />
          <TimeInput label="Desde" value={desde} onChange={(e) => setDesde(e.currentTarget.value)} />
          <TimeInput
            label="Hasta"
            value={hasta}
            onChange={(e) => setHasta(e.currentTarget.value)}
            error={!rangoOk ? 'La hora de fin debe ser posterior a la de inicio' : undefined}
          />
        </SimpleGrid>
      </Paper>
      {query && libres.data && (
        <Text c="dimmed" size="sm" aria-live="polite">
          {libres.data.length === 1 ? '1 aula libre' : `${libres.data.length} aulas libres`}
        </Text>
      )}
      {!query && <Alert color="gray">Elija el periodo, el día y las horas.</Alert>}
      <Table.ScrollContainer minWidth={500}>
        <Table striped withTableBorder aria-label="Aulas libres">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Aula</Table.Th>
              <Table.Th>Edificio</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th ta="right">Capacidad</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {libres.isFetching && !libres.data && (
              <Table.Tr>
                <Table.Td colSpan={4}>Cargando…</Table.Td>
              </Table.Tr>
            )}
            {libres.data?.length === 0 && <EmptyTableRow colSpan={4} />}
            {libres.data?.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{a.nombre}</Table.Td>
                <Table.Td>{a.edificio ?? '—'}</Table.Td>
                <Table.Td>{TIPO_LABELS[a.tipo]}</Table.Td>
                <Table.Td ta="right">{a.capacidad ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
