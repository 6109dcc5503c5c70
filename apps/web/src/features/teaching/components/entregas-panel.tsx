import {
  DEVOLUCION_MAX,
  MSG_ENTREGAS as E,
  MSG_TEACHING as T,
  Role,
  type EntregaFila,
  type TareaDetail,
} from '@arandu/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDownload, IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { EmptyTableRow } from '../../../components/empty-result';
import { CalificacionInput } from '../../../components/score-input';
import { toast } from '../../../components/toast';
import { useAutosavedCells } from '../../../components/use-autosaved-cells';
import { failureMessage } from '../../../lib/api-errors';
import { formatDateTime, formatDecimal, formatDocumentNumber } from '../../../lib/format';
import { holdsRole, useSession } from '../../../lib/session';
import {
  archivoUrl,
  devolucionArchivoUrl,
  useDevolucionArchivo,
  useEntregas,
  usePublicarDevoluciones,
  useSaveDevolucion,
  zipUrl,
} from '../api/entregas';
import { savePuntaje } from '../api/homework';
import { hasUnsaved, useUnsavedGuard } from './use-unsaved-guard';

const bytes = (n: number) =>
  n >= 1024 * 1024
    ? `${formatDecimal(Math.round((n / 1024 / 1024) * 10) / 10)} MB`
    : `${formatDecimal(Math.max(1, Math.round(n / 1024)))} KB`;

/**
 * The file given back with one student's feedback: its link, and for the professor a button that uploads one
 * (PDF, image, Office or zip; it replaces the one before) and one that removes it.
 */
function DevolucionArchivo({ tareaId, row, editable }: { tareaId: number; row: EntregaFila; editable: boolean }) {
  const { save, remove } = useDevolucionArchivo(tareaId);
  const name = `${row.alumno.apellido}, ${row.alumno.nombre}`;
  const archivo = row.devolucionArchivo;
  const link = archivo && (
    <Anchor href={devolucionArchivoUrl(archivo.id)} target="_blank" rel="noopener" size="sm">
      {archivo.nombre} ({bytes(archivo.bytes)})
    </Anchor>
  );
  if (!editable) return link;
  const choose = (file: File | null) => {
    if (!file) return;
    save.mutate(
      { perfilAlumnoId: row.perfilAlumnoId, file },
      {
        onSuccess: () => toast.success(E.devolucionArchivoGuardado),
        onError: (error) => toast.error(failureMessage(error, 'No se pudo guardar el archivo de la devolución')),
      },
    );
  };
  return (
    <Group gap={4} wrap="wrap">
      {link}
      {archivo && (
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={`Quitar el archivo de la devolución de ${name}`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(row.perfilAlumnoId, {
              onSuccess: () => toast.success(E.devolucionArchivoQuitado),
              onError: (error) => toast.error(failureMessage(error, 'No se pudo quitar el archivo')),
            })
          }
        >
          <IconX size={14} />
        </ActionIcon>
      )}
      <FileButton onChange={choose} accept={DEVOLUCION_ACCEPT}>
        {(props) => (
          <Button
            {...props}
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPaperclip size={14} />}
            loading={save.isPending}
            aria-label={`${archivo ? 'Reemplazar' : 'Adjuntar'} archivo de la devolución de ${name}`}
          >
            {archivo ? 'Reemplazar' : 'Adjuntar archivo'}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}

/** What the file picker offers for a file given back (the server reads the kind from the bytes anyway). */
const DEVOLUCION_ACCEPT = '.pdf,image/*,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.zip';

/** One student's feedback: written in the row, saved with its button (empty clears it); a file beside it. */
function DevolucionCell({ tareaId, row, editable }: { tareaId: number; row: EntregaFila; editable: boolean }) {
  const [texto, setTexto] = useState(row.devolucion ?? '');
  const save = useSaveDevolucion(tareaId);
  const name = `${row.alumno.apellido}, ${row.alumno.nombre}`;
  if (!editable)
    return (
      <Stack gap={2}>
        <Text size="sm">{row.devolucion ?? '—'}</Text>
        <DevolucionArchivo tareaId={tareaId} row={row} editable={false} />
      </Stack>
    );
  const changed = texto !== (row.devolucion ?? '');
  return (
    <Stack gap={4}>
      <Textarea
        aria-label={`Devolución para ${name}`}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={DEVOLUCION_MAX}
        value={texto}
        onChange={(e) => setTexto(e.currentTarget.value)}
      />
      {changed && (
        <Button
          size="compact-xs"
          variant="light"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { perfilAlumnoId: row.perfilAlumnoId, texto },
              {
                onSuccess: () => toast.success(E.devolucionGuardada),
                onError: (error) => toast.error(failureMessage(error, T.tareaSaveFailed)),
              },
            )
          }
        >
          Guardar devolución de {row.alumno.nombre}
        </Button>
      )}
      <DevolucionArchivo tareaId={tareaId} row={row} editable />
    </Stack>
  );
}

/**
 * A homework handed in through Arandu, for its professor (issue 46): each enrolled student with when they
 * handed in (late or not), their files (PDF and images open in the browser), the feedback and the score in
 * the same row; 'Publicar devoluciones' shows both to the students, 'Descargar todas' streams one zip. Staff
 * read it all without changing it.
 */
export function EntregasPanel({ tarea, editable }: { tarea: TareaDetail; editable: boolean }) {
  const user = useSession();
  const list = useEntregas(tarea.id);
  const publicar = usePublicarDevoluciones(tarea.id);
  const canWrite = editable && holdsRole(user, Role.Profesor);
  const cells = useAutosavedCells<number | null>({
    save: async (key, value) => {
      const reply = await savePuntaje({
        inscripcionMateriaId: Number(key),
        tareaMateriaId: tarea.id,
        puntajeObtenido: value,
      });
      if (!reply.aplicado) cells.replace(key, reply.puntajeObtenido);
    },
    savedMessage: T.puntajeSaved,
    failedMessage: T.puntajeSaveFailed,
  });
  useUnsavedGuard(hasUnsaved(cells.status));

  const publish = async () => {
    const ok = await confirmDialog({
      title: 'Publicar devoluciones',
      message:
        'Los alumnos verán la devolución y el puntaje de esta tarea. Lo que escriba después también les llegará.',
      confirmLabel: 'Sí, publicar',
    });
    if (!ok) return;
    publicar.mutate(undefined, {
      onSuccess: () => toast.success(E.devolucionesPublicadas),
      onError: (error) => toast.error(failureMessage(error, T.tareaSaveFailed)),
    });
  };

  const rows = list.data ?? [];
  const entregadas = rows.filter((r) => r.fecha).length;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>
          Entregas ({entregadas} de {rows.length})
        </Title>
        <Group gap="xs">
          <Button
            component="a"
            href={zipUrl(tarea.id)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={entregadas === 0}
          >
            Descargar todas
          </Button>
          {canWrite && (
            <Button leftSection={<IconSend size={16} />} onClick={() => void publish()} loading={publicar.isPending}>
              Publicar devoluciones
            </Button>
          )}
        </Group>
      </Group>
      {tarea.devolucionesPublicadasEn && (
        <Alert color="green" variant="light">
          Devoluciones publicadas el {formatDateTime(tarea.devolucionesPublicadasEn)}: los alumnos ven la devolución y
          el puntaje.
        </Alert>
      )}
      {list.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" />
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder verticalSpacing="xs" aria-label="Entregas de la tarea">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Alumno</Table.Th>
                <Table.Th>Entregó</Table.Th>
                <Table.Th>Archivos</Table.Th>
                <Table.Th w={280}>Devolución</Table.Th>
                <Table.Th w={140}>Puntaje (/{formatDecimal(tarea.puntajeTotal)})</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && <EmptyTableRow colSpan={5} />}
              {rows.map((r) => {
                const key = String(r.alumno.inscripcionMateriaId);
                return (
                  <Table.Tr key={r.perfilAlumnoId}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {r.alumno.apellido}, {r.alumno.nombre}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDocumentNumber(r.alumno.numeroDocumento)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {r.fecha ? (
                        <Stack gap={2}>
                          <Text size="sm">{formatDateTime(r.fecha)}</Text>
                          {r.atrasada && (
                            <Badge color="orange" variant="light" size="sm">
                              Entregada con atraso
                            </Badge>
                          )}
                        </Stack>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Sin entrega
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {r.archivos.map((a) => (
                          <Anchor key={a.id} href={archivoUrl(a.id)} target="_blank" rel="noopener" size="sm">
                            {a.nombre} ({bytes(a.bytes)})
                          </Anchor>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <DevolucionCell tareaId={tarea.id} row={r} editable={canWrite} />
                    </Table.Td>
                    <Table.Td>
                      {canWrite ? (
                        <CalificacionInput
                          aria-label={`Puntaje de ${r.alumno.apellido}, ${r.alumno.nombre}`}
                          {...cells.field(key, r.puntaje)}
                          max={tarea.puntajeTotal}
                          decimals={2}
                          w={120}
                        />
                      ) : (
                        <Text size="sm">{r.puntaje === null ? '—' : formatDecimal(r.puntaje)}</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
