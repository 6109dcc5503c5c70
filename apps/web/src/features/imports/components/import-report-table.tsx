import type { ImportFila, ImportReport } from '@arandu/shared';
import { Badge, Group, List, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyTableRow } from '../../../components/empty-result';

const ACCION_COLOR: Record<ImportFila['accion'], string> = {
  crear: 'teal',
  actualizar: 'blue',
  'sin cambios': 'gray',
  error: 'red',
};

/** Rows shown at once: a 20,000-row file is summarised, not rendered whole. */
const MAX_SHOWN = 500;

function Detalle({ fila }: { fila: ImportFila }) {
  const errors = Object.entries(fila.errores);
  if (errors.length)
    return (
      <List size="sm" spacing={2}>
        {errors.map(([campo, mensaje]) => (
          <List.Item key={campo}>
            <Text span size="sm" fw={600}>
              {campo}:
            </Text>{' '}
            <Text span size="sm" c="red.7">
              {mensaje}
            </Text>
            {fila.valores?.[campo] !== undefined && (
              <Text span size="sm" c="dimmed">
                {' '}
                (valor: «{fila.valores[campo]}»)
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    );
  if (fila.cambios.length) return <Text size="sm">Cambia: {fila.cambios.join(', ')}</Text>;
  return null;
}

/** The dry run, row by row: each error in red next to its column; 'Sólo errores' narrows it. */
export function ImportReportTable({ report }: { report: ImportReport }) {
  const [onlyErrors, setOnlyErrors] = useState(report.resumen.errores > 0);
  const filas = onlyErrors ? report.filas.filter((f) => f.accion === 'error') : report.filas;
  const { resumen } = report;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="teal" variant="light" size="lg">
          Crear: {resumen.crear}
        </Badge>
        <Badge color="blue" variant="light" size="lg">
          Actualizar: {resumen.actualizar}
        </Badge>
        <Badge color="gray" variant="light" size="lg">
          Sin cambios: {resumen.sinCambios}
        </Badge>
        <Badge color="red" variant="light" size="lg">
          Errores: {resumen.errores}
        </Badge>
        <Switch
          ml="auto"
          label="Sólo errores"
          checked={onlyErrors}
          onChange={(e) => setOnlyErrors(e.currentTarget.checked)}
        />
      </Group>
      {report.columnasIgnoradas.length > 0 && (
        <Text size="sm" c="dimmed">
          Columnas ignoradas: {report.columnasIgnoradas.join(', ')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover withTableBorder aria-label="Resultado de la prueba">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Fila</Table.Th>
              <Table.Th w={130}>Acción</Table.Th>
              <Table.Th w={200}>Clave</Table.Th>
              <Table.Th>Detalle</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {filas.slice(0, MAX_SHOWN).map((f) => (
              <Table.Tr key={f.fila}>
                <Table.Td>{f.fila}</Table.Td>
                <Table.Td>
                  <Badge color={ACCION_COLOR[f.accion]} variant="light">
                    {f.accion}
                  </Badge>
                </Table.Td>
                <Table.Td>{f.clave}</Table.Td>
                <Table.Td>
                  <Detalle fila={f} />
                </Table.Td>
              </Table.Tr>
            ))}
            {filas.length === 0 && <EmptyTableRow colSpan={4} />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {filas.length > MAX_SHOWN && (
        <Text size="sm" c="dimmed">
          Se muestran las primeras {MAX_SHOWN} de {filas.length} filas: descargue el informe para verlas todas.
        </Text>
      )}
    </Stack>
  );
}
