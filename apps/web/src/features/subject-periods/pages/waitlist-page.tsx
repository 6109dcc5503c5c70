import { MSG, CUPO_MSG, type ListaEsperaStaff } from '@arandu/shared';
import { Badge, Button, Group, NumberInput, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconArrowLeft, IconArrowsSort, IconCopyPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { EmptyResult } from '../../../components/empty-result';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, fieldErrorsOf, isNotFound } from '../../../lib/api-errors';
import { countOf, formatDateTime } from '../../../lib/format';
import { useMoveListaEsperaEntry, useOpenParallelSection, useListaEspera } from '../api/waitlist';
import { FormModal } from '../../../components/form-modal';

type Entry = ListaEsperaStaff['items'][number];

/** Moving one entry: the new position and the reason, which the audit log keeps. */
function MoveModal({ id, entry, total, onClose }: { id: number; entry: Entry; total: number; onClose: () => void }) {
  const move = useMoveListaEsperaEntry(id);
  const [posicion, setPosicion] = useState<number | string>(entry.posicion);
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    try {
      await move.mutateAsync({ perfilAlumnoId: entry.perfilAlumnoId, posicion: Number(posicion), motivo });
      toast.success(CUPO_MSG.moved);
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, CUPO_MSG.movePositionInvalid));
    }
  };
  return (
    <FormModal opened onClose={onClose} title={`Mover a ${entry.alumno}`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <NumberInput
            label="Nueva posición"
            min={1}
            max={total}
            allowDecimal={false}
            required
            value={posicion}
            onChange={setPosicion}
            error={errors.posicion}
          />
          <Textarea
            label="Motivo"
            description="Queda registrado en la auditoría"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            error={errors.motivo}
          />
          <ModalFormFooter onCancel={onClose} saving={move.isPending} />
        </Stack>
      </form>
    </FormModal>
  );
}

/** A subject-period's waiting list for staff (issue 29): the order, moves with a reason, a parallel section. */
export function ListaEsperaPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const list = useListaEspera(id);
  const parallel = useOpenParallelSection(id);
  const [moving, setMoving] = useState<Entry | null>(null);

  useEffect(() => {
    if (!list.error) return;
    toast.error(isNotFound(list.error) ? MSG.materiaPeriodoNotFound : MSG.materiaPeriodoLoadFailed);
    if (isNotFound(list.error)) void navigate(paths.subjectsPeriods.list, { replace: true });
  }, [list.error, navigate]);

  if (list.isPending) return <PageLoader />;
  const data = list.data;
  if (!data) return null;

  const openParallel = async () => {
    const ok = await confirmDialog({
      title: CUPO_MSG.paralelaTitle,
      message: CUPO_MSG.paralelaConfirm(data.cupo),
      confirmLabel: 'Sí, Abrir',
    });
    if (!ok) return;
    try {
      const created = await parallel.mutateAsync();
      toast.success(CUPO_MSG.paralelaCreated(created.seccion));
      await navigate(paths.subjectsPeriods.edit(created.id));
    } catch (error) {
      toast.warning(failureMessage(error, MSG.materiaPeriodoSaveFailed));
    }
  };

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title={CUPO_MSG.listaEsperaTitle}
        description={`${data.materia} - Sección ${data.seccion} · ${countOf(data.inscriptos, 'inscripto', 'inscriptos')} de ${data.cupo ?? 'sin límite'}`}
        actions={
          <>
            <Button
              component={Link}
              to={paths.subjectsPeriods.edit(id)}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Volver
            </Button>
            <Button
              leftSection={<IconCopyPlus size={16} />}
              disabled={data.items.length === 0}
              loading={parallel.isPending}
              onClick={() => void openParallel()}
            >
              {CUPO_MSG.paralelaTitle}
            </Button>
          </>
        }
      />
      <Paper withBorder p="md">
        {data.items.length === 0 ? (
          <EmptyResult />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Posición</Table.Th>
                  <Table.Th>Alumno</Table.Th>
                  <Table.Th>Legajo</Table.Th>
                  <Table.Th>En lista desde</Table.Th>
                  <Table.Th>Oferta</Table.Th>
                  {/* Named by visible text (axe empty-table-header, issue 34 item 11). */}
                  <Table.Th>Acción</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((e) => (
                  <Table.Tr key={e.perfilAlumnoId}>
                    <Table.Td>{e.posicion}</Table.Td>
                    <Table.Td>{e.alumno}</Table.Td>
                    <Table.Td>{e.numeroLegajo}</Table.Td>
                    <Table.Td>{formatDateTime(e.fechaAlta)}</Table.Td>
                    <Table.Td>
                      {e.ofertaVence ? (
                        <Badge color="teal" variant="light">
                          Hasta {formatDateTime(e.ofertaVence)}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Esperando
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconArrowsSort size={14} />}
                          onClick={() => setMoving(e)}
                          aria-label={`Mover a ${e.alumno}`}
                        >
                          Mover
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {moving && <MoveModal id={id} entry={moving} total={data.items.length} onClose={() => setMoving(null)} />}
    </Stack>
  );
}
