import { MSG, type AulaOption, type MateriaPeriodoSaveInput, type Option } from '@arandu/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { EmptyTableRow } from '../../../components/empty-result';

const STAFF_FIELDS = ['profesorId', 'profesorAuxiliar1Id', 'profesorAuxiliar2Id', 'profesorAuxiliar3Id'] as const;

const toOptions = (options: Option[]) => options.map((o) => ({ value: String(o.value), label: o.label }));

/**
 * 'Horario de clases' (spec 03 section 2.3): rows can be added once a head or auxiliary professor is chosen,
 * start at 00:00, and a deleted row is only marked (hidden, and skipped by validation).
 */
export function HorariosTab({
  form,
  profesores,
  tipos,
  dias,
  aulas,
  readOnly = false,
}: {
  form: UseFormReturnType<MateriaPeriodoSaveInput>;
  profesores: Option[];
  tipos: Option[];
  dias: Option[];
  /** The rooms of the list (issue 45), each with its building and capacity. */
  aulas: AulaOption[];
  readOnly?: boolean;
}) {
  const aulaOptions = aulas.map((a) => ({
    value: String(a.value),
    label: [a.label, a.edificio, a.capacidad ? `${a.capacidad} lugares` : null].filter(Boolean).join(' · '),
  }));
  const horarios = form.values.horarios ?? [];
  const staffIds = STAFF_FIELDS.map((f) => form.values[f]).filter((v): v is number => !!v);
  const staffOptions = toOptions(profesores.filter((p) => staffIds.includes(p.value)));
  const visible = horarios.map((h, i) => ({ h, i })).filter(({ h }) => !h.deleted);
  /** A schedule row's start or end time, named for a screen reader down to its hours and minutes fields. */
  const timeCell = (i: number, value: string | null | undefined, field: 'horaInicio' | 'horaFin', label: string) => (
    <Table.Td>
      <TimePicker
        aria-label={label}
        hoursInputLabel={`${label}: horas`}
        minutesInputLabel={`${label}: minutos`}
        disabled={readOnly}
        format="24h"
        value={value ?? ''}
        onChange={(v) => form.setFieldValue(`horarios.${i}.${field}`, v)}
        error={form.errors[`horarios.${i}.${field}`]}
      />
    </Table.Td>
  );

  const add = () => {
    const index = horarios.reduce((max, h) => Math.max(max, h.index ?? 0), 0) + 1;
    form.insertListItem('horarios', {
      id: null,
      index,
      tipoActividadAcademicaHorario: null,
      // With one professor there is nothing to choose.
      profesorId: staffIds.length === 1 ? staffIds[0] : null,
      dia: null,
      horaInicio: '00:00',
      horaFin: '00:00',
      aulaId: null,
      deleted: false,
    });
  };

  const select = (
    i: number,
    field: 'tipoActividadAcademicaHorario' | 'profesorId' | 'dia' | 'aulaId',
    data: { value: string; label: string }[],
    label: string,
  ) => {
    const value = horarios[i]?.[field];
    return (
      <Select
        aria-label={label}
        data={data}
        placeholder="Seleccione"
        value={value ? String(value) : null}
        onChange={(v) => form.setFieldValue(`horarios.${i}.${field}`, v ? Number(v) : null)}
        error={form.errors[`horarios.${i}.${field}`]}
        disabled={readOnly}
        comboboxProps={{ withinPortal: true }}
        miw={140}
      />
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Días, horas y aula de cada clase, con el profesor que la dicta.
        </Text>
        {staffIds.length > 0 && !readOnly && (
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={add}>
            Agregar horario
          </Button>
        )}
      </Group>
      {staffIds.length === 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {MSG.horarioAddNeedsProfessor}
        </Alert>
      )}
      {/* Narrower than its 980 px the table scrolls sideways: the scroller is a named, focusable region, so a
          keyboard can scroll it even when it holds nothing focusable (no rows yet, or read-only). */}
      <Table.ScrollContainer
        minWidth={980}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Horarios' } }}
      >
        <Table verticalSpacing="xs" withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={50}>#</Table.Th>
              <Table.Th>Tipo Actividad</Table.Th>
              <Table.Th>Profesor</Table.Th>
              <Table.Th>Día</Table.Th>
              <Table.Th>Aula</Table.Th>
              <Table.Th w={120}>Hora Inicio</Table.Th>
              <Table.Th w={120}>Hora Fin</Table.Th>
              <Table.Th w={60}>
                {/* Named for screen readers without widening the table: the column holds 'Borrar horario'. */}
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.length === 0 && <EmptyTableRow colSpan={8} />}
            {visible.map(({ h, i }, position) => (
              <Table.Tr key={h.id ?? `nuevo-${h.index}`}>
                <Table.Td>{position + 1}</Table.Td>
                <Table.Td>{select(i, 'tipoActividadAcademicaHorario', toOptions(tipos), 'Tipo Actividad')}</Table.Td>
                <Table.Td>{select(i, 'profesorId', staffOptions, 'Profesor')}</Table.Td>
                <Table.Td>{select(i, 'dia', toOptions(dias), 'Día')}</Table.Td>
                <Table.Td>{select(i, 'aulaId', aulaOptions, 'Aula')}</Table.Td>
                {timeCell(i, h.horaInicio, 'horaInicio', 'Hora Inicio')}
                {timeCell(i, h.horaFin, 'horaFin', 'Hora Fin')}
                <Table.Td>
                  {!readOnly && (
                    <Tooltip label="Borrar horario" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Borrar horario"
                        onClick={() => form.setFieldValue(`horarios.${i}.deleted`, true)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
