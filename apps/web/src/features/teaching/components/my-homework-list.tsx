import { MSG_TEACHING as T, type MyHomework } from '@arandu/shared';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataList } from '../../../components/data-list/data-list';
import { formatDate } from '../../../lib/format';
import { venceLabel } from '../../../lib/vence-label';
import { myHomeworkQueryOptions } from '../api/student';
import { EntregaModal } from './entrega-modal';

const number = (n: number | null) => (n === null ? '—' : n.toLocaleString('es-PY', { maximumFractionDigits: 2 }));

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
  // `?tarea=<id>`: the dashboard's link to one homework opens its hand-in at once.
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<number | null>(() => Number(params.get('tarea')) || null);
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
            if (params.has('tarea'))
              setParams(
                (p) => {
                  p.delete('tarea');
                  return p;
                },
                { replace: true },
              );
            // Focus back to the button that opened it.
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      )}
    </>
  );
}
