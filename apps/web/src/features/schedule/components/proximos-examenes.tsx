import type { HorarioOcurrencia } from '@arandu/shared';
import { Table, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import { localDate, localTime } from '../week';

/** The exams of the next weeks, under the week. */
export function ProximosExamenes({ list, weeks }: { list: HorarioOcurrencia[]; weeks: number }) {
  const examenes = list.flatMap((o) => (o.tipo === 'examen' ? [o] : []));
  return (
    <section aria-labelledby="proximos-examenes">
      <Title order={2} fz="lg" id="proximos-examenes" mb="xs">
        Exámenes de las próximas {weeks} semanas
      </Title>
      {examenes.length === 0 ? (
        <Text c="dimmed" size="sm">
          No hay exámenes en las próximas {weeks} semanas.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Hora</Table.Th>
                <Table.Th>Materia</Table.Th>
                <Table.Th>Sección</Table.Th>
                <Table.Th>Aula</Table.Th>
                <Table.Th>Profesor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {examenes.map((o) => (
                <Table.Tr key={o.examenId}>
                  <Table.Td>{formatDate(localDate(o.inicio))}</Table.Td>
                  <Table.Td>{localTime(o.inicio)}</Table.Td>
                  <Table.Td>{o.materia}</Table.Td>
                  <Table.Td>{o.seccion}</Table.Td>
                  <Table.Td>{o.aula ?? '-'}</Table.Td>
                  <Table.Td>{o.profesor ?? '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
