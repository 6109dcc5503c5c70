import { CALENDARIO_MSG } from '@arandu/shared';
import { ActionIcon, Badge, Button, Group, Indicator, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { EmptyTableRow } from '../../../components/empty-result';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { useAddDiaSinClases, useCalendario, usePeriodos, useRemoveDiaSinClases } from '../api/aulas';

/**
 * 'Calendario académico' (issue 45): per period, the days without classes (holidays, faculty days, exam weeks)
 * with their names, the enrolment window and the exam days, in one month view. Whatever counts classes leaves
 * the days without classes out.
 */
export function CalendarioAcademicoPage() {
  const periodos = usePeriodos();
  const [chosen, setChosen] = useState<string | null>(null);
  const periodoId = Number(chosen ?? periodos.data?.find((p) => p.activo)?.value ?? 0) || null;
  const calendario = useCalendario(periodoId);
  useLoadErrorToast(calendario.error, 'No se pudo cargar el calendario académico');
  const c = calendario.data;

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title="Calendario académico"
        description="Días sin clases de cada periodo (feriados, días de la facultad, semanas de exámenes)."
      />
      <Select
        label="Periodo"
        maw={360}
        data={(periodos.data ?? []).map((p) => ({ value: String(p.value), label: p.label }))}
        value={periodoId ? String(periodoId) : null}
        onChange={setChosen}
        allowDeselect={false}
      />
      {c && periodoId && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder p="md">
            <Stack gap="xs">
              <Text size="sm">
                Clases: {formatDate(c.periodo.inicioClases)} al {formatDate(c.periodo.finClases)} · Inscripción:{' '}
                {formatDate(c.periodo.inicioPeriodoInscripcion)} al {formatDate(c.periodo.finPeriodoInscripcion)}
              </Text>
              <MonthView calendario={c} />
              <Group gap="xs">
                <Badge color="red" variant="light">Sin clases</Badge>
                <Badge color="blue" variant="light">Inscripción</Badge>
                <Badge color="grape" variant="light">Exámenes</Badge>
              </Group>
            </Stack>
          </Paper>
          <DiasSinClases periodoId={periodoId} dias={c.dias} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

type Calendario = NonNullable<ReturnType<typeof useCalendario>['data']>;

function MonthView({ calendario: c }: { calendario: Calendario }) {
  const sinClases = new Map(c.dias.map((d) => [d.fecha, d.nombre]));
  const examenes = new Map(c.examenes.map((e) => [e.fecha, e.cantidad]));
  const inscripcion = (d: string) => d >= c.periodo.inicioPeriodoInscripcion && d <= c.periodo.finPeriodoInscripcion;
  return (
    <Calendar
      defaultDate={c.periodo.inicioClases}
      minDate={c.periodo.inicioPeriodoInscripcion}
      maxDate={c.periodo.finClases}
      renderDay={(date) => {
        const day = Number(date.slice(8, 10));
        const nombre = sinClases.get(date);
        const color = nombre ? 'red' : examenes.has(date) ? 'grape' : inscripcion(date) ? 'blue' : undefined;
        const label = nombre ?? (examenes.has(date) ? `${examenes.get(date)} examen(es)` : undefined);
        const cell = (
          <Indicator size={6} color={color} offset={-2} disabled={!color}>
            <div>{day}</div>
          </Indicator>
        );
        return label ? <Tooltip label={label}>{cell}</Tooltip> : cell;
      }}
    />
  );
}

function DiasSinClases({ periodoId, dias }: { periodoId: number; dias: Calendario['dias'] }) {
  const add = useAddDiaSinClases(periodoId);
  const remove = useRemoveDiaSinClases(periodoId);
  const [fecha, setFecha] = useState('');
  const [nombre, setNombre] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    try {
      await add.mutateAsync({ fecha, nombre });
      toast.success('Día sin clases agregado');
      setFecha('');
      setNombre('');
      setErrors({});
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, 'No se pudo agregar el día'));
    }
  };
  const askRemove = async (d: Calendario['dias'][number]) => {
    const ok = await confirmDialog({
      title: 'Quitar día sin clases',
      message: `¿Quitar ${d.nombre} (${formatDate(d.fecha)})? Ese día volverá a contar como día de clases.`,
      confirmLabel: 'Sí, quitar',
      cancelLabel: 'No, volver',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(d.fecha);
      toast.success('Día sin clases quitado');
    } catch (error) {
      toast.warning(failureMessage(error, CALENDARIO_MSG.diaNotFound));
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Días sin clases
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label="Fecha"
              value={fecha}
              onChange={(e) => setFecha(e.currentTarget.value)}
              error={errors.fecha}
              required
            />
            <TextInput
              label="Nombre"
              placeholder="Feriado, día de la facultad…"
              maxLength={120}
              value={nombre}
              onChange={(e) => setNombre(e.currentTarget.value)}
              error={errors.nombre}
              required
              style={{ flex: 1, minWidth: 180 }}
            />
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending}>
              Agregar
            </Button>
          </Group>
        </form>
        <Table striped withTableBorder aria-label="Días sin clases">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Nombre</Table.Th>
              <Table.Th w={60}>
                <span className="visually-hidden">Acciones</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dias.length === 0 && <EmptyTableRow colSpan={3} />}
            {dias.map((d) => (
              <Table.Tr key={d.fecha}>
                <Table.Td>{formatDate(d.fecha)}</Table.Td>
                <Table.Td>{d.nombre}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Quitar ${d.nombre}`} onClick={() => void askRemove(d)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
