import { MSG_EXAMENES, type AlumnoMateriaExamen } from '@arandu/shared';
import { Badge, Button, Checkbox, Group, List, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceFloppy, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { formatDocumentNumber } from '../../../lib/format';
import { useAlumnosMateriaExamen, useSaveInscripciones } from '../api/exams-api';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';

export const ALUMNO_FILTER_MAX = 32;
export const ALUMNO_FILTER_DEBOUNCE_MS = 500;

const nameOf = (a: AlumnoMateriaExamen) => `${a.apellido}, ${a.nombre}`;

/**
 * 'Agregar/Quitar Alumnos' (spec 02 section 2): the subject's students as a checklist, filtered on the
 * server (accent- and case-insensitive, by document, name or e-mail) 500 ms after the last keystroke.
 */
export function AddRemoveAlumnos({ examenId, onDone }: { examenId: number; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), ALUMNO_FILTER_DEBOUNCE_MS);
  const alumnos = useAlumnosMateriaExamen(examenId, debounced);
  const save = useSaveInscripciones();
  // Only what the user changed is kept here; every other row shows what the server says.
  const [changed, setChanged] = useState<Map<number, { alumno: AlumnoMateriaExamen; selected: boolean }>>(new Map());
  const selectedOf = (a: AlumnoMateriaExamen) => changed.get(a.perfilAlumnoId)?.selected ?? a.inscripto;

  const list = alumnos.data ?? [];
  const noInscriptos = list.filter((a) => !selectedOf(a)).length;

  const toggle = (alumno: AlumnoMateriaExamen, selected: boolean) =>
    setChanged((m) => {
      const next = new Map(m);
      if (selected === alumno.inscripto) next.delete(alumno.perfilAlumnoId);
      else next.set(alumno.perfilAlumnoId, { alumno, selected });
      return next;
    });

  const submit = async () => {
    const changes = [...changed.values()];
    const adding = changes.filter((c) => c.selected).map((c) => c.alumno);
    const removing = changes.filter((c) => !c.selected).map((c) => c.alumno);
    const ok = await confirmDialog({
      title: 'Agregar/Quitar Alumnos',
      confirmLabel: 'Sí, guardar',
      message: (
        <Stack gap="xs">
          {adding.length > 0 && <Text size="sm">Se inscribirán:</Text>}
          <List size="sm">
            {adding.map((a) => (
              <List.Item key={a.perfilAlumnoId}>{nameOf(a)}</List.Item>
            ))}
          </List>
          {removing.length > 0 && <Text size="sm">Se quitarán:</Text>}
          <List size="sm">
            {removing.map((a) => (
              <List.Item key={a.perfilAlumnoId}>{nameOf(a)}</List.Item>
            ))}
          </List>
        </Stack>
      ),
    });
    if (!ok) return;
    try {
      const result = await save.mutateAsync({
        examenId,
        inscripcionExamenSaves: changes.map((c) => ({
          examenId,
          id: c.alumno.inscripcionExamenId,
          selected: c.selected,
          perfilAlumnoId: c.alumno.perfilAlumnoId,
          usuarioId: c.alumno.usuarioId,
        })),
      });
      toast.success(MSG_EXAMENES.inscriptionsSaved);
      const byPerfil = new Map(changes.map((c) => [c.alumno.perfilAlumnoId, c.alumno]));
      for (const r of result.rechazados) {
        const alumno = byPerfil.get(r.perfilAlumnoId);
        toast.warning(`${alumno ? nameOf(alumno) : ''}: ${r.motivo}`);
      }
      setChanged(new Map());
      onDone();
    } catch (error) {
      toast.warning(failureMessage(error, MSG_EXAMENES.inscriptionSaveFailed));
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Buscar alumno"
          description="Documento, nombre o correo"
          leftSection={<IconSearch size={16} />}
          maxLength={ALUMNO_FILTER_MAX}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={alumnos.isFetching ? <Loader size={14} /> : null}
          data-autofocus
        />
        <Badge variant="light" color="gray" size="lg">
          No Inscriptos: {noInscriptos}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah={380} type="auto">
        <Stack gap={6} role="group" aria-label="Alumnos de la materia">
          {alumnos.isPending && <Loader size="sm" />}
          {!alumnos.isPending && list.length === 0 && (
            <Text c="dimmed" size="sm">
              {EMPTY_RESULT_TEXT}
            </Text>
          )}
          {list.map((a) => (
            <Checkbox
              key={a.perfilAlumnoId}
              checked={selectedOf(a)}
              onChange={(e) => toggle(a, e.currentTarget.checked)}
              label={`${nameOf(a)} · ${formatDocumentNumber(a.numeroDocumento)} · ${a.email}`}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar - Volver
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          disabled={changed.size === 0}
          loading={save.isPending}
          onClick={() => void submit()}
        >
          Guardar
        </Button>
      </Group>
    </Stack>
  );
}
