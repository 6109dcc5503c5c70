import { PLANNING_HOURS_MAX, PLANNING_LABELS as L, type PlanningPage } from '@arandu/shared';
import { NumberInput, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { maxLengthOf } from './step-config';
import type { PageForm } from './page-values';

const HOURS = ['horasTeoriaSemanal', 'horasPracticaSemanal', 'horasLaboratorioSemanal'] as const;

function Item({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

/** Step 1: what the subject-period says of itself (read-only), its weekly schedule, then hours and pre-requisites. */
export function IdentificacionStep({
  form,
  page,
  readOnly,
}: {
  form: PageForm;
  page: PlanningPage<1>;
  readOnly: boolean;
}) {
  const total = HOURS.reduce((sum, key) => sum + (Number(form.values[key]) || 0), 0);
  const variant = readOnly ? 'filled' : 'default';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Item label="Materia" value={`${page.codigoMateria} - ${page.materia}`} />
        <Item label="Carrera" value={page.carrera} />
        <Item label="Semestre" value={`${page.semestre}º`} />
        <Item label="Periodo" value={page.periodo} />
        <Item label="Sección" value={page.seccion} />
        <Item label="Profesores" value={page.profesores.map((p) => p.label).join('; ') || '-'} />
      </SimpleGrid>
      <Title order={5}>Horario de clases</Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Día</Table.Th>
              <Table.Th>Hora Inicio</Table.Th>
              <Table.Th>Hora Fin</Table.Th>
              <Table.Th>Aula</Table.Th>
              <Table.Th>Tipo Actividad</Table.Th>
              <Table.Th>Profesor</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.horarios.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed">
                    La materia no tiene horario cargado.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              page.horarios.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{h.dia}</Table.Td>
                  <Table.Td>{h.horaInicio}</Table.Td>
                  <Table.Td>{h.horaFin}</Table.Td>
                  <Table.Td>{h.aula ?? '-'}</Table.Td>
                  <Table.Td>{h.tipoActividad}</Table.Td>
                  <Table.Td>{h.profesor}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {HOURS.map((key) => (
          <NumberInput
            key={key}
            label={L[key]}
            min={0}
            max={PLANNING_HOURS_MAX}
            allowDecimal={false}
            allowNegative={false}
            readOnly={readOnly}
            variant={variant}
            {...form.getInputProps(key)}
            value={(form.values[key] as number | null) ?? ''}
            onChange={(value) => form.setFieldValue(key, value === '' ? null : Number(value))}
          />
        ))}
        <NumberInput label={L.totalHorasSemanal} value={total} readOnly variant="filled" />
      </SimpleGrid>
      <Textarea
        label={L.preRequisitos}
        autosize
        minRows={2}
        maxLength={maxLengthOf('text')}
        readOnly={readOnly}
        variant={variant}
        {...form.getInputProps('preRequisitos')}
      />
      <TextInput
        label={L.codigoClassroom}
        maxLength={maxLengthOf('classroom')}
        readOnly={readOnly}
        variant={variant}
        {...form.getInputProps('codigoClassroom')}
      />
    </Stack>
  );
}
