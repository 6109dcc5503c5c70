import { MSG, SEARCH_TEXT_MAX } from '@arandu/shared';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconArrowsExchange, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, isNotFound } from '../../../lib/api-errors';
import { formatDocumentNumber } from '../../../lib/format';
import { useTableRows } from '../../../lib/use-table-rows';
import { useMoveSectionData } from '../api/get-materias-periodo';
import { useMoveInscripciones } from '../api/save-materia-periodo';
import { EmptyResult } from '../../../components/empty-result';

/** "Juan Carlos Pérez Gómez" -> "Juan Pérez": the short name of the confirmation list. */
function shortName(name: string): string {
  const [apellidos = '', nombres = ''] = name.split(',').map((s) => s.trim());
  return `${nombres.split(/\s+/)[0] ?? ''} ${apellidos.split(/\s+/)[0] ?? ''}`.trim();
}

/** Move students to another section (spec 03 section 2.12): they keep their enrolment and its records. */
export function MoveSectionPage() {
  const params = useParams();
  const periodoId = Number(params.id);
  const id = Number(params.idDetail);
  const back = paths.periodos.subjectEdit(periodoId, id);
  const navigate = useNavigate();
  const data = useMoveSectionData(id);
  const move = useMoveInscripciones();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [target, setTarget] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ section?: string; students?: string }>({});

  useEffect(() => {
    if (!data.error) return;
    if (isNotFound(data.error)) {
      toast.error(MSG.materiaPeriodoNotFound);
      void navigate(paths.periodos.edit(periodoId), { replace: true });
    } else toast.error(MSG.studentListLoadFailed);
  }, [data.error, navigate, periodoId]);

  const alumnos = useMemo(() => data.data?.students ?? [], [data.data]);
  const {
    search: filter,
    setSearch: setFilter,
    rows: visible,
  } = useTableRows(alumnos, { text: (s) => `${s.doc}/${s.year} ${s.name} ${s.email}`, debounceMs: 500 });
  const perYear = useMemo(() => {
    const counts = new Map<number, number>();
    for (const s of alumnos) counts.set(s.year, (counts.get(s.year) ?? 0) + 1);
    return [...counts].sort((a, b) => a[0] - b[0]);
  }, [alumnos]);

  if (data.isPending) return <PageLoader />;
  const sections = (data.data?.sections ?? []).map((s) => ({ value: String(s.value), label: s.label }));
  const allVisibleChosen = visible.length > 0 && visible.every((s) => selected.has(s.inscriptionId));
  const someVisibleChosen = visible.some((s) => selected.has(s.inscriptionId));

  const toggle = (inscripcionId: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(inscripcionId);
      else next.delete(inscripcionId);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const s of visible) {
        if (on) next.add(s.inscriptionId);
        else next.delete(s.inscriptionId);
      }
      return next;
    });

  const submit = async () => {
    const problems = {
      section: target ? undefined : MSG.moveSeccionRequired,
      students: selected.size > 0 ? undefined : MSG.moveAlumnoRequired,
    };
    setErrors(problems);
    if (problems.section || problems.students) return;
    const chosen = alumnos.filter((s) => selected.has(s.inscriptionId));
    const sectionLabel = sections.find((s) => s.value === target)?.label ?? '';
    const ok = await confirmDialog({
      title: 'Mover alumnos a sección',
      message: (
        <Stack gap="xs">
          <Text>
            ¿Estás seguro que deseas mover estos alumnos({chosen.length}) la sección {sectionLabel}?
          </Text>
          <ScrollArea.Autosize mah={240}>
            <List size="sm" spacing={2}>
              {chosen.map((s) => (
                <List.Item key={s.inscriptionId}>
                  {formatDocumentNumber(s.doc)} - {shortName(s.name)}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Stack>
      ),
      confirmLabel: 'Si, mover alumnos',
      cancelLabel: 'No, Volver',
    });
    if (!ok) return;
    try {
      await move.mutateAsync({
        subjectId: Number(target),
        students: chosen.map((s) => ({ inscriptionId: s.inscriptionId })),
      });
      toast.success(MSG.moveDone);
      setSelected(new Set());
    } catch (error) {
      toast.warning(failureMessage(error, MSG.moveFailed));
    }
  };

  const mp = data.data?.materiaPeriodo;
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Mover alumnos de sección"
        description={mp ? `${mp.materia} - Sección ${mp.seccion} · ${mp.periodo}` : undefined}
        actions={
          <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
            Cancelar - Volver
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Stack gap="md">
          <Text fw={600}>Seleccionar los alumnos de materia a ser movidos a otra sección</Text>
          <Group gap="xs">
            <Badge variant="light" size="lg">
              Todos: {alumnos.length}
            </Badge>
            <Badge variant="light" size="lg" color="teal">
              Seleccionados: {selected.size}
            </Badge>
            <Badge variant="light" size="lg" color="gray">
              No seleccionados: {alumnos.length - selected.size}
            </Badge>
            {perYear.map(([year, count]) => (
              <Badge key={year} variant="outline" size="lg" color="gray">
                {year}: {count}
              </Badge>
            ))}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Filtrar alumnos"
              placeholder="Documento/año, nombre o correo"
              leftSection={<IconSearch size={16} />}
              maxLength={SEARCH_TEXT_MAX}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
            />
            <Select
              label="Sección destino"
              required
              placeholder={sections.length ? 'Seleccione la sección' : 'No hay otra sección de esta materia'}
              data={sections}
              value={target}
              onChange={setTarget}
              error={errors.section}
            />
          </SimpleGrid>
          <Checkbox
            label="Seleccionar Todos"
            checked={allVisibleChosen}
            indeterminate={!allVisibleChosen && someVisibleChosen}
            onChange={(e) => toggleAll(e.currentTarget.checked)}
            disabled={visible.length === 0}
          />
          {errors.students && (
            <Text c="red" size="sm" role="alert">
              {errors.students}
            </Text>
          )}
          {visible.length === 0 ? (
            <EmptyResult />
          ) : (
            <SimpleGrid
              cols={{ base: 1, sm: 2, md: 3 }}
              spacing="xs"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {visible.map((s) => (
                <li key={s.inscriptionId}>
                  <Checkbox
                    checked={selected.has(s.inscriptionId)}
                    onChange={(e) => toggle(s.inscriptionId, e.currentTarget.checked)}
                    label={`${formatDocumentNumber(s.doc)}/${s.year}: ${s.name}`}
                  />
                </li>
              ))}
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button
              onClick={() => void submit()}
              loading={move.isPending}
              leftSection={<IconArrowsExchange size={16} />}
            >
              Mover alumnos
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
