import { isAfterToday, MSG_TEACHING as T, type AsistenciaAlumno } from '@arandu/shared';
import { Alert, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AutosaveStatusIcon } from '../../../components/autosave-status';
import { SearchInput } from '../../../components/data-list/search-input';
import { toast } from '../../../components/toast';
import { useAutosavedCells } from '../../../components/use-autosaved-cells';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { useTableRows } from '../../../lib/use-table-rows';
import { DATE_FORMAT, formatDate, formatDocumentNumber } from '../../../lib/format';
import { savePresence, useAsistencia, useSaveAsistencia } from '../api/attendance';
import { queryKeys } from '../../../lib/query-keys';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { FormModal } from '../../../components/form-modal';

type Mark = boolean | null;
const MARK_OPTIONS = [
  { value: 'p', label: 'Presente' },
  { value: 'a', label: 'Ausente' },
  { value: '-', label: '—' },
];
const toOption = (m: Mark) => (m === true ? 'p' : m === false ? 'a' : '-');
const fromOption = (o: string): Mark => (o === 'p' ? true : o === 'a' ? false : null);

/**
 * 'Nueva asistencia' / 'Editar asistencia' (spec 03 section 2.9), as a modal: Fecha, Referencia, and once
 * the session exists the students with their mark, each saved on its own 500 ms after the change.
 */
export function AsistenciaFormModal({
  materiaPeriodoId,
  asistenciaId,
  canEdit,
  onClose,
}: {
  materiaPeriodoId: number;
  asistenciaId: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const [id, setId] = useState(asistenciaId);
  const asistencia = useAsistencia(materiaPeriodoId, id);
  const save = useSaveAsistencia(materiaPeriodoId);
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const [date, setDate] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const {
    search,
    setSearch,
    rows: alumnos,
  } = useTableRows(asistencia.data?.students ?? [], { text: (s) => `${s.doc} ${s.name} ${s.surname}` });
  const cells = useAutosavedCells<Mark>({
    save: async (key, value) => {
      const reply = await savePresence(id!, Number(key), value);
      if (!reply.aplicado) cells.replace(key, reply.present);
    },
    savedMessage: T.presenciaSaved,
    failedMessage: T.asistenciaSaveFailed,
  });

  // The loaded session fills the fields once (React's "adjust state while rendering").
  const [loaded, setLoaded] = useState<unknown>(null);
  if (asistencia.data && loaded !== asistencia.data) {
    setLoaded(asistencia.data);
    setDate(asistencia.data.date);
    setReference(asistencia.data.reference ?? '');
  }

  const close = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.teaching.materiaPeriodo(materiaPeriodoId) });
    onClose();
  };

  const submit = async () => {
    if (!date) {
      setErrors({ date: T.fechaRequired });
      return;
    }
    // The server refuses it too; the date stays as typed, with the reason under it.
    if (isAfterToday(date, new Date())) {
      setErrors({ date: T.asistenciaFechaFutura });
      return;
    }
    try {
      const saved = await save.mutateAsync({
        id: id ?? 0,
        subjectPeriodId: materiaPeriodoId,
        date,
        reference,
        room: asistencia.data?.room ?? null,
        logContentId: asistencia.data?.logContentId ?? null,
      });
      toast.success(T.asistenciaSaved);
      setErrors({});
      setId(saved.id);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(failureMessage(error, T.asistenciaSaveFailed));
    }
  };

  const editable = asistencia.data ? asistencia.data.canEdit : canEdit;
  const markCell = (s: AsistenciaAlumno) => {
    const key = String(s.studentId);
    const value = cells.valueOf(key, s.present);
    return (
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          aria-label={`Asistencia de ${s.surname}, ${s.name}`}
          data={MARK_OPTIONS}
          value={toOption(value ?? null)}
          readOnly={!editable}
          onChange={(o) => {
            cells.change(key, fromOption(o));
          }}
        />
        <AutosaveStatusIcon status={cells.status[key]} />
      </Group>
    );
  };

  return (
    <FormModal
      opened
      onClose={close}
      title={id ? `Editar asistencia · Datos de la asistencia #${id}` : 'Nueva asistencia'}
      size="lg"
      fullScreen={phone}
    >
      {id && asistencia.isPending ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : (
        <Stack gap="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateInput
                  label="Fecha"
                  withAsterisk
                  valueFormat={DATE_FORMAT}
                  placeholder="dd/mm/aaaa"
                  value={date}
                  onChange={(day) => {
                    setDate(day);
                    setErrors((e) => ({ ...e, date: '' }));
                  }}
                  excludeDate={(day) => isAfterToday(day, new Date())}
                  // The calendar would cover the reason under the field ('la fecha no puede ser futura').
                  popoverProps={errors.date ? { opened: false } : undefined}
                  readOnly={!editable}
                  error={errors.date || undefined}
                  data-autofocus
                />
                <TextInput
                  label="Referencia"
                  maxLength={64}
                  value={reference}
                  onChange={(e) => setReference(e.currentTarget.value)}
                  readOnly={!editable}
                  error={errors.reference}
                />
              </SimpleGrid>
              <ModalFormFooter onCancel={close} saving={save.isPending} canSave={editable} />
            </Stack>
          </form>
          {asistencia.data && asistencia.data.students.length === 0 && (
            <Alert color="yellow" variant="light">
              {T.asistenciaSinAlumnos}
            </Alert>
          )}
          {asistencia.data && asistencia.data.students.length > 0 && (
            <Stack gap="xs">
              <SearchInput label="Buscar alumno" value={search} onChange={setSearch} maw={320} />
              <Table.ScrollContainer minWidth={480}>
                <Table
                  striped
                  withTableBorder
                  aria-label={`Alumnos de la asistencia del ${formatDate(asistencia.data.date)}`}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Nº Documento</Table.Th>
                      <Table.Th>Alumno</Table.Th>
                      <Table.Th>Presente</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {alumnos.map((s) => (
                      <Table.Tr key={s.studentId}>
                        <Table.Td>{formatDocumentNumber(s.doc)}</Table.Td>
                        <Table.Td>
                          {s.surname}, {s.name}
                        </Table.Td>
                        <Table.Td>{markCell(s)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {alumnos.length === 0 && (
                <Text c="dimmed" ta="center">
                  {EMPTY_RESULT_TEXT}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </FormModal>
  );
}
