import { OUTBOX_STATE_LABELS, OUTBOX_STATES, type OutboxItem } from '@arandu/shared';
import { Anchor, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { AdminOnly } from '../../../components/admin-only';
import { DataList } from '../../../components/data-list/data-list';
import { RowAction } from '../../../components/data-list/row-action';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { outboxQueryOptions, type OutboxFilters } from '../api/get-outbox';
import { MailViewer } from '../components/mail-viewer';
import { OutboxStateBadge } from '../components/outbox-state-badge';

const EMPTY_FILTERS: OutboxFilters = { search: '', estado: null };
const STATE_OPTIONS = OUTBOX_STATES.map((value) => ({ value, label: OUTBOX_STATE_LABELS[value] }));
// On a phone the recipient and date go under the subject instead of in columns of their own.
const wide = (t: { breakpoints: Record<string, string> }) => `(min-width: ${t.breakpoints.sm})`;

function columnsFor(open: (mail: OutboxItem) => void): DataTableColumn<OutboxItem>[] {
  return [
    {
      accessor: 'asunto',
      title: 'Asunto',
      render: (m) => (
        <Stack gap={0}>
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => open(m)}>
            {m.asunto}
          </Anchor>
          <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ wordBreak: 'break-word' }}>
            {m.destinatario} · {formatDateTime(m.fecha)}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'destinatario', title: 'Destinatario', visibleMediaQuery: wide },
    { accessor: 'estado', title: 'Estado', width: 150, render: (m) => <OutboxStateBadge estado={m.estado} /> },
    {
      accessor: 'fecha',
      title: 'Fecha',
      width: 150,
      noWrap: true,
      visibleMediaQuery: wide,
      render: (m) => formatDateTime(m.fecha),
    },
    {
      accessor: 'actions',
      // A header with text: an empty one is an axe finding (issue 43).
      title: 'Ver',
      width: 60,
      render: (m) => (
        <RowAction
          label={`Ver correo a ${m.destinatario}`}
          icon={<IconMailOpened size={18} />}
          onClick={() => open(m)}
        />
      ),
    },
  ];
}

/**
 * 'Correos' (issue 34 item 24): the outbox in the browser, what went out or waits and why a mail failed.
 * Every temporary password in it is masked (issue 40).
 */
function OutboxPageContent() {
  const [open, setOpen] = useState<OutboxItem | null>(null);
  return (
    <>
      <PageHeader
        title="Correos"
        description="La bandeja de salida: cada correo que Arandu envió o guarda. Sin servidor de correo, los correos quedan retenidos aquí, en espera de envío. Ninguna contraseña temporal se muestra en esta página: la que pidió su dueño va sólo a su buzón, y la que establece el personal se le muestra una sola vez, al establecerla."
      />
      <DataList<OutboxItem, OutboxFilters>
        label="Correos"
        query={outboxQueryOptions}
        columns={columnsFor(setOpen)}
        emptyFilters={EMPTY_FILTERS}
        loadError="Error al intentar cargar los correos"
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SearchInput
              label="Destinatario o asunto"
              description={undefined}
              value={values.search}
              onChange={(v) => set('search', v)}
            />
            <Select
              label="Estado"
              placeholder="Todos"
              data={STATE_OPTIONS}
              value={values.estado}
              onChange={(v) => set('estado', v)}
              clearable
            />
          </SimpleGrid>
        )}
      />
      <MailViewer mail={open} onClose={() => setOpen(null)} />
    </>
  );
}

export function OutboxPage() {
  return (
    <AdminOnly>
      <OutboxPageContent />
    </AdminOnly>
  );
}
