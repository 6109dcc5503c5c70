import { dateInAsuncion, MSG_TEACHING as T, type EntregaConfig, type MyHomework } from '@arandu/shared';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useRef, useState } from 'react';
import { DataList } from '../../../components/data-list/data-list';
import { formatDate, formatDateTime } from '../../../lib/format';
import { splitLocalDateTime } from '../../../lib/local-date-time';
import { myHomeworkQueryOptions } from '../api/student';
import { EntregaModal } from './entrega-modal';

const number = (n: number | null) => (n === null ? '—' : n.toLocaleString('es-PY', { maximumFractionDigits: 2 }));

/** 'Vence hoy 23:59', 'Vence el 30/11/2026 23:59', or when late work is still taken. */
export function venceLabel(entrega: EntregaConfig, now = new Date()): string {
  const last = entrega.atrasoHasta && Date.parse(entrega.hasta) < now.getTime() ? entrega.atrasoHasta : entrega.hasta;
  if (Date.parse(last) < now.getTime()) return `Cerró el ${formatDateTime(last)}`;
  const prefix = last === entrega.hasta ? 'Vence' : 'Con atraso hasta';
  const { time } = splitLocalDateTime(last);
  return dateInAsuncion(new Date(last)) === dateInAsuncion(now)
    ? `${prefix} hoy ${time}`
    : `${prefix} el ${formatDateTime(last)}`;
}

function EntregaCell({ row, onOpen }: { row: MyHomework; onOpen: (button: HTMLButtonElement) => void }) {
  if (!row.entrega) return <Text size="sm">—</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="xs">{venceLabel(row.entrega)}</Text>
      <Group gap={4}>
        {row.entregada &&
          (row.entregada.atrasada ? (
            <Badge color="orange" variant="light" size="sm">
              Entregada con atraso
            </Badge>
          ) : (
            <Badge color="green" variant="light" size="sm">
              Entregada
            </Badge>
          ))}
        <Button size="compact-xs" variant="light" onClick={(e) => onOpen(e.currentTarget)}>
          {row.entregada ? 'Ver entrega' : 'Entregar'}
        </Button>
      </Group>
    </Stack>
  );
}

/** The student's homework of one subject with their own score only, and the hand-in of those due in Arandu. */
export function MyHomeworkList({ materiaPeriodoId }: { materiaPeriodoId: number }) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const columns = useMemo<DataTableColumn<MyHomework>[]>(
    () => [
      { accessor: 'descripcion', title: 'Tarea' },
      { accessor: 'tipoTarea', title: 'Tipo Tarea', width: 130, render: (r) => r.tipoTarea.label },
      { accessor: 'fechaEntrega', title: 'Fecha Entrega', width: 130, render: (r) => formatDate(r.fechaEntrega) },
      {
        accessor: 'entrega',
        title: 'Entrega por Arandu',
        width: 210,
        render: (r) => (
          <EntregaCell
            row={r}
            onOpen={(button) => {
              opener.current = button;
              setOpen(r.id);
            }}
          />
        ),
      },
      {
        accessor: 'porcentajePesoMateria',
        title: 'Peso',
        width: 90,
        textAlign: 'right',
        render: (r) => (r.porcentajePesoMateria > 0 ? `${number(r.porcentajePesoMateria)} %` : T.sinPeso),
      },
      {
        accessor: 'puntajeObtenido',
        title: 'Puntaje',
        width: 120,
        textAlign: 'right',
        render: (r) => `${number(r.puntajeObtenido)} / ${number(r.puntajeTotal)}`,
      },
    ],
    [],
  );
  return (
    <>
      <DataList<MyHomework, object>
        label="Mis tareas"
        query={(request) => myHomeworkQueryOptions(materiaPeriodoId, request)}
        columns={columns}
        emptyFilters={{}}
        loadError={T.tareaListLoadFailed}
      />
      {open !== null && (
        <EntregaModal
          tareaId={open}
          materiaPeriodoId={materiaPeriodoId}
          onClose={() => {
            setOpen(null);
            // Focus back to the button that opened it.
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      )}
    </>
  );
}
