import { MSG } from '@arandu/shared';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, isNotFound } from '../../../lib/api-errors';
import { useEditMateriasFormData, useMateriasBySemesters } from '../api/get-periodos';
import { useSavePeriodoMaterias } from '../api/save-periodo';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { countOf } from '../../../lib/format';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

/**
 * "Materias del periodo" (spec 03 section 2.11): the subjects of the semesters the period offers, by
 * semester, one checkbox each; saving sends only what changed (`materiasModificadas`).
 */
export function PeriodoMateriasPage() {
  const periodoId = Number(useParams().id);
  const navigate = useNavigate();
  const [carreraId, setCarreraId] = useState(0);
  const formData = useEditMateriasFormData(periodoId);
  const materias = useMateriasBySemesters(periodoId, carreraId);
  const save = useSavePeriodoMaterias();
  /** Choices the user changed, by malla subject: what is sent. */
  const [changed, setChanged] = useState<Map<number, boolean>>(new Map());

  useEffect(() => {
    if (!formData.error) return;
    if (isNotFound(formData.error)) {
      toast.error(MSG.periodoNotFound);
      void navigate(paths.periodos.list, { replace: true });
    } else toast.error(MSG.formDataLoadFailed);
  }, [formData.error, navigate]);
  useLoadErrorToast(materias.error, MSG.materiasLoadFailed);

  const original = useMemo(() => {
    const map = new Map<number, boolean>();
    for (const s of materias.data?.semestres ?? []) for (const m of s.materias) map.set(m.materiaMallaId, m.selected);
    return map;
  }, [materias.data]);

  const isChecked = (id: number) => changed.get(id) ?? original.get(id) ?? false;
  const toggle = (id: number, value: boolean) =>
    setChanged((prev) => {
      const next = new Map(prev);
      // Back to how it was: nothing to send for it.
      if (original.get(id) === value) next.delete(id);
      else next.set(id, value);
      return next;
    });

  const submit = async () => {
    try {
      await save.mutateAsync({
        periodoId,
        materiasModificadas: [...changed].map(([materiaMallaId, selected]) => ({ materiaMallaId, selected })),
      });
      toast.success(MSG.periodoMateriasSaved);
      await navigate(paths.periodos.edit(periodoId));
    } catch (error) {
      toast.warning(failureMessage(error, MSG.periodoMateriasSaveFailed));
    }
  };

  if (formData.isPending) return <PageLoader />;
  const periodo = formData.data?.periodo;
  const carreras = [
    { value: '0', label: 'Todos' },
    ...(formData.data?.carreras ?? []).map((c) => ({ value: String(c.value), label: c.label })),
  ];
  const back = (
    <Button
      component={Link}
      to={paths.periodos.edit(periodoId)}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      Cancelar - Volver
    </Button>
  );
  const saveButton = (
    <Button onClick={() => void submit()} loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
      Guardar{changed.size > 0 ? ` (${changed.size})` : ''}
    </Button>
  );

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Materias del periodo"
        description="Marque las materias que el periodo ofrece; cada una se agrega con la sección A."
        actions={
          <>
            {back}
            {saveButton}
          </>
        }
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Periodo" readOnly value={periodo ? `${periodo.anho} - ${periodo.nombre}` : ''} />
          <TextInput
            label="Semestres"
            readOnly
            value={periodo?.esSemestrePar ? 'Pares (2, 4, 6, 8, 10)' : 'Impares (1, 3, 5, 7, 9)'}
          />
          <Select
            label="Carrera"
            data={carreras}
            value={String(carreraId)}
            onChange={(v) => setCarreraId(Number(v ?? 0))}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      {materias.isPending ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : (materias.data?.semestres.length ?? 0) === 0 ? (
        <Text c="dimmed" ta="center" p="xl">
          {EMPTY_RESULT_TEXT}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {materias.data?.semestres.map((semestre) => {
            const chosen = semestre.materias.filter((m) => isChecked(m.materiaMallaId)).length;
            return (
              <Paper key={semestre.id} withBorder p="md" component="section" aria-label={semestre.nombre}>
                <Group justify="space-between" mb="sm">
                  <Title order={2} fz="md">
                    {semestre.nombre}
                  </Title>
                  <Badge variant="light">
                    {chosen} de {semestre.materias.length}
                  </Badge>
                </Group>
                <Stack gap={8}>
                  {semestre.materias.map((m) => {
                    const locked = m.cantidadInscriptos > 0 && isChecked(m.materiaMallaId);
                    const box = (
                      <Checkbox
                        checked={isChecked(m.materiaMallaId)}
                        disabled={locked}
                        onChange={(e) => toggle(m.materiaMallaId, e.currentTarget.checked)}
                        label={
                          <Group gap={6} component="span">
                            <span>{`${m.codigo} - ${m.nombre}`}</span>
                            {m.cantidadInscriptos > 0 && (
                              <Badge size="xs" variant="light" color="gray">
                                {countOf(m.cantidadInscriptos, 'inscripto', 'inscriptos')}
                              </Badge>
                            )}
                          </Group>
                        }
                        description={carreraId === 0 ? `${m.carrera} - ${m.malla}` : m.malla}
                      />
                    );
                    return locked ? (
                      <Tooltip
                        key={m.materiaMallaId}
                        label={MSG.materiaPeriodoHasStudents}
                        position="top-start"
                        withArrow
                      >
                        <div>{box}</div>
                      </Tooltip>
                    ) : (
                      <div key={m.materiaMallaId}>{box}</div>
                    );
                  })}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      <Group justify="flex-end" gap="sm">
        {back}
        {saveButton}
      </Group>
    </Stack>
  );
}
