import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { formatDateTime, formatDocumentNumber } from '../../lib/format';
import { FormModal } from '../form-modal';

/** One sealed rectification as the panel lists it: the figures before and after, the reason, who and when. */
export interface RectificationLine {
  id: number;
  /** The number, with a mark when a later one replaced it. */
  nro: ReactNode;
  alumno: string;
  numeroDocumento: string;
  /** After the document under the student's name (e.g. the exam instance). */
  alumnoDetail?: string;
  antes: ReactNode;
  nuevo: ReactNode;
  motivo: string;
  fecha: string;
  /** Under the date: who sealed it (and the verification code where there is one). */
  sealedBy: string;
  /** A last cell, when the panel has an extra column (the exams' print link). */
  extra?: ReactNode;
}

export interface RectificationsPanelProps {
  title: string;
  /** The panel's heading level where it stands (a page section or a tab's part). */
  titleOrder: 2 | 3;
  intro: ReactNode;
  actionLabel: string;
  canRectify: boolean;
  loading?: boolean;
  failed: boolean;
  failedText: string;
  emptyText: string;
  tableLabel: string;
  /** The 'before' column's header. */
  antesHeader: string;
  extraHeader?: string;
  minWidth: number;
  lines: RectificationLine[];
  modalTitle: string;
  /** The form in the modal; `close` shuts it. */
  form: (close: () => void) => ReactNode;
}

/**
 * A sealed record's rectifications beside what they correct: for each one the figures before and after, side
 * by side, with its number, reason, who and when. Whoever holds 'actas:rectificar' may add one.
 */
export function RectificationsPanel(props: RectificationsPanelProps) {
  const { lines, failed, loading = false } = props;
  const [formOpen, setFormOpen] = useState(false);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={props.titleOrder} fz={props.titleOrder === 2 ? 'lg' : 'md'}>
              {props.title}
            </Title>
            <Text size="sm" c="dimmed">
              {props.intro}
            </Text>
          </div>
          {props.canRectify && (
            <Button leftSection={<IconFileCertificate size={16} />} onClick={() => setFormOpen(true)}>
              {props.actionLabel}
            </Button>
          )}
        </Group>
        {loading && <Text size="sm">Cargando…</Text>}
        {failed && <Alert color="red">{props.failedText}</Alert>}
        {!loading && !failed && lines.length === 0 && (
          <Text size="sm" c="dimmed">
            {props.emptyText}
          </Text>
        )}
        {lines.length > 0 && (
          <Table.ScrollContainer minWidth={props.minWidth}>
            <Table withTableBorder striped aria-label={props.tableLabel}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>N.º</Table.Th>
                  <Table.Th>Alumno</Table.Th>
                  <Table.Th>{props.antesHeader}</Table.Th>
                  <Table.Th>Rectificada</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                  <Table.Th>Sellada</Table.Th>
                  {props.extraHeader && <Table.Th>{props.extraHeader}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.nro}</Table.Td>
                    <Table.Td>
                      {r.alumno}
                      <br />
                      <Text span size="xs" c="dimmed">
                        {formatDocumentNumber(r.numeroDocumento)}
                        {r.alumnoDetail && ` · ${r.alumnoDetail}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.antes}</Table.Td>
                    <Table.Td>{r.nuevo}</Table.Td>
                    <Table.Td maw={260}>{r.motivo}</Table.Td>
                    <Table.Td>
                      {formatDateTime(r.fecha)}
                      <br />
                      <Text span size="xs" c="dimmed">
                        {r.sealedBy}
                      </Text>
                    </Table.Td>
                    {props.extraHeader && <Table.Td>{r.extra}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <FormModal opened={formOpen} onClose={() => setFormOpen(false)} title={props.modalTitle} size="lg">
        {props.form(() => setFormOpen(false))}
      </FormModal>
    </Paper>
  );
}
