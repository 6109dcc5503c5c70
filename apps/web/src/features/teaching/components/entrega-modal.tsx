import {
  MSG_ENTREGAS as E,
  TIPO_ENTREGA_LABELS,
  type EntregaConfig,
  type EntregaRecibo,
  type TipoEntrega,
} from '@arandu/shared';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { formatCount, formatDateTime, formatDecimal } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { archivoUrl, devolucionArchivoUrl, entregaKeys, uploadEntrega, useMiEntrega } from '../api/entregas';

/** What the file picker offers per kind (the server reads the kind from the bytes anyway). */
const ACCEPT: Record<TipoEntrega, string> = {
  pdf: 'application/pdf,.pdf',
  imagen: 'image/*',
  office: '.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp',
  zip: 'application/zip,.zip',
};

const size = (n: number) =>
  n >= 1024 * 1024
    ? `${formatDecimal(Math.round((n / 1048576) * 10) / 10)} MB`
    : `${formatDecimal(Math.ceil(n / 1024))} KB`;

function Recibo({ recibo, title }: { recibo: EntregaRecibo; title: string }) {
  return (
    <Paper withBorder p="sm" aria-label="Comprobante de entrega">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{title}</Title>
          {recibo.atrasada ? (
            <Badge color="orange">Entregada con atraso</Badge>
          ) : (
            <Badge color="green">Entregada a tiempo</Badge>
          )}
        </Group>
        <Text size="sm">Recibida el {formatDateTime(recibo.fecha)} (hora de Asunción).</Text>
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Archivo</Table.Th>
                <Table.Th>Tamaño</Table.Th>
                <Table.Th>SHA-256</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recibo.archivos.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <a href={archivoUrl(a.id)} target="_blank" rel="noopener">
                      {a.nombre}
                    </a>
                  </Table.Td>
                  <Table.Td>{formatCount(a.bytes)} bytes</Table.Td>
                  <Table.Td>
                    <Code style={{ wordBreak: 'break-all' }}>{a.sha256}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          También le enviamos este comprobante por correo.
        </Text>
      </Stack>
    </Paper>
  );
}

function plazoText(config: EntregaConfig) {
  const atraso = config.atrasoHasta ? ` Con atraso hasta el ${formatDateTime(config.atrasoHasta)}.` : '';
  return `Cierra el ${formatDateTime(config.hasta)}.${atraso} Hasta ${config.maxArchivos} archivos de ${config.maxMB} MB cada uno: ${config.tipos.map((t) => TIPO_ENTREGA_LABELS[t]).join(', ')}.`;
}

/**
 * The student's hand-in of one homework (issue 46): drop or choose files (a phone's camera photo is an image),
 * each with its progress bar while it goes, then the receipt (time, names, sizes, SHA-256). Until the
 * deadline a new upload replaces the files; the earlier versions stay listed. Feedback and score show once
 * the professor publishes them.
 */
export function EntregaModal({
  tareaId,
  materiaPeriodoId,
  onClose,
}: {
  tareaId: number;
  materiaPeriodoId: number;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const mine = useMiEntrega(tareaId);
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  // The files of the upload that just went, with their full bars, until new files are chosen.
  const [sent, setSent] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const data = mine.data;

  const choose = (list: FileList | null) => {
    if (!list || !data) return;
    setSent([]);
    const next = [...files, ...Array.from(list)];
    setError(next.length > data.entrega.maxArchivos ? E.demasiadosArchivos(data.entrega.maxArchivos) : null);
    setFiles(next.slice(0, data.entrega.maxArchivos));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  const send = async () => {
    if (!data || !files.length) return;
    const tooBig = files.find((f) => f.size > data.entrega.maxMB * 1024 * 1024);
    if (tooBig) {
      setError(E.archivoMuyGrande(tooBig.name, data.entrega.maxMB));
      return;
    }
    setError(null);
    setProgress(files.map(() => 0));
    try {
      await uploadEntrega(tareaId, files, setProgress).done;
      toast.success(E.entregaRecibida);
      setSent(files);
      setFiles([]);
      await client.invalidateQueries({ queryKey: entregaKeys.mine(tareaId) });
      void client.invalidateQueries({ queryKey: queryKeys.mySubject.detail(materiaPeriodoId).slice(0, 1) });
    } catch (failure) {
      setError(failureMessage(failure, 'No se pudo entregar: vuelva a intentarlo'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal opened onClose={onClose} title={data?.descripcion ?? 'Entrega'} size="lg" fullScreen={phone}>
      {!data ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : (
        <Stack gap="md">
          <Text size="sm">{plazoText(data.entrega)}</Text>
          {data.recibo && <Recibo recibo={data.recibo} title="Comprobante de su entrega" />}
          {data.devolucionesPublicadas && (
            <Paper withBorder p="sm" aria-label="Devolución del profesor">
              <Title order={5}>Devolución</Title>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {data.devolucion ?? 'Sin comentarios.'}
              </Text>
              {data.devolucionArchivo && (
                <Text size="sm" mt="xs">
                  Archivo del profesor:{' '}
                  <a href={devolucionArchivoUrl(data.devolucionArchivo.id)} target="_blank" rel="noopener">
                    {data.devolucionArchivo.nombre}
                  </a>
                </Text>
              )}
              <Text size="sm" mt="xs">
                Puntaje: {data.puntaje === null ? '—' : formatDecimal(data.puntaje)} /{' '}
                {formatDecimal(data.puntajeTotal)}
              </Text>
            </Paper>
          )}
          {data.abierta ? (
            <Stack gap="sm">
              {data.conAtraso && (
                <Alert color="orange" variant="light">
                  El plazo cerró: lo que entregue ahora queda como entregado con atraso.
                </Alert>
              )}
              <Paper
                withBorder
                p="lg"
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                style={{ borderStyle: 'dashed', background: dragging ? 'var(--mantine-color-blue-light)' : undefined }}
              >
                <Stack align="center" gap="xs">
                  <IconUpload size={28} aria-hidden />
                  <Text size="sm" ta="center">
                    Arrastre aquí sus archivos o
                  </Text>
                  <Button variant="default" onClick={() => input.current?.click()} disabled={progress !== null}>
                    Elegir archivos
                  </Button>
                  <input
                    ref={input}
                    type="file"
                    multiple
                    hidden
                    aria-label="Archivos de la entrega"
                    accept={data.entrega.tipos.map((t) => ACCEPT[t]).join(',')}
                    onChange={(e) => {
                      choose(e.currentTarget.files);
                      e.currentTarget.value = '';
                    }}
                  />
                </Stack>
              </Paper>
              {files.map((f, i) => (
                <Stack key={`${f.name}-${i}`} gap={4}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" truncate>
                      {f.name} ({size(f.size)})
                    </Text>
                    {progress === null && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setFiles(files.filter((_, j) => j !== i))}
                      >
                        Quitar
                      </Button>
                    )}
                  </Group>
                  {progress && (
                    <Progress
                      value={Math.round((progress[i] ?? 0) * 100)}
                      aria-label={`Progreso de ${f.name}`}
                      size="lg"
                      transitionDuration={100}
                    />
                  )}
                </Stack>
              ))}
              {sent.map((f, i) => (
                <Stack key={`enviado-${f.name}-${i}`} gap={4}>
                  <Text size="sm" truncate>
                    {f.name} ({size(f.size)}): recibido
                  </Text>
                  <Progress value={100} color="green" aria-label={`Progreso de ${f.name}`} size="lg" />
                </Stack>
              ))}
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button onClick={() => void send()} disabled={!files.length} loading={progress !== null}>
                  {data.recibo ? 'Reemplazar entrega' : 'Entregar'}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Alert color="gray" variant="light">
              La entrega está cerrada.
            </Alert>
          )}
          {data.versiones.length > 1 && (
            <Stack gap={4}>
              <Title order={5}>Entregas anteriores</Title>
              {data.versiones.slice(1).map((v) => (
                <Text key={v.numero} size="sm">
                  Versión {v.numero}: {formatDateTime(v.fecha)} por {v.subidaPor}
                  {v.atrasada ? ' (con atraso)' : ''} — {v.archivos.map((a) => a.nombre).join(', ')}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
