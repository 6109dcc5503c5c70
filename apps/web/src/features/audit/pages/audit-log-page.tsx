import { auditColumnLabel, auditTableLabel, MSG, type AuditItem } from '@arandu/shared';
import { Badge, Select, SimpleGrid, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { DataTableColumn } from 'mantine-datatable';
import { DataList } from '../../../components/data-list/data-list';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { DATE_FORMAT, formatDateTime, parseDate } from '../../../lib/format';
import { auditLogQueryOptions, useAuditOptions, type AuditFilters } from '../api/get-audit-log';
import { ChangesCell } from '../components/changes-cell';
import { StaffOnly } from '../../../components/staff-only';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const EMPTY_FILTERS: AuditFilters = { tipo: 0, usuario: '', tabla: null, fechaDesde: null, fechaHasta: null };
const TYPE_COLORS: Record<number, string> = { 1: 'teal', 2: 'blue', 3: 'red', 4: 'orange' };

/**
 * Spec 03 section 2.14's columns, led by what a person reads (issue 34 items 17 and 23): when, who, what kind
 * of change, which record in words ('Ñumbay Recalde, Teodoro · CB016 - Cálculo I (A)'), tables and columns by
 * their Spanish names; the audit row's own number last.
 */
const columns: DataTableColumn<AuditItem>[] = [
  { accessor: 'fecha', title: 'Fecha', width: 150, noWrap: true, render: (a) => formatDateTime(a.fecha) },
  {
    accessor: 'usuario',
    title: 'Usuario',
    render: (a) => (
      <Text size="sm" c={a.usuarioId === null ? 'dimmed' : undefined}>
        {a.usuario}
      </Text>
    ),
  },
  {
    accessor: 'tipo',
    title: 'Tipo',
    width: 140,
    render: (a) => (
      <Badge variant="light" color={TYPE_COLORS[a.tipo] ?? 'gray'}>
        {a.tipoLabel}
      </Badge>
    ),
  },
  {
    accessor: 'nombreTabla',
    title: 'Tabla',
    render: (a) => (
      <Text size="sm" title={a.nombreTabla}>
        {auditTableLabel(a.nombreTabla)}
      </Text>
    ),
  },
  {
    accessor: 'clavePrimaria',
    title: 'Registro (Clave Primaria)',
    render: (a) => (
      <Text size="sm" maw={260}>
        {a.descripcion ?? ''}{' '}
        <Text span size="xs" c="dimmed">
          ({a.clavePrimaria})
        </Text>
      </Text>
    ),
  },
  {
    accessor: 'columnasAfectadas',
    title: 'Columnas Afectadas',
    render: (a) => (
      // Every column, wrapped: three lines and an ellipsis hid the rest (issue 34 item 12).
      <Text size="xs" maw={220}>
        {a.columnasAfectadas.map(auditColumnLabel).join(', ')}
      </Text>
    ),
  },
  {
    accessor: 'valoresAnteriores',
    title: 'Valores Anteriores',
    render: (a) => <ChangesCell values={a.valoresAnteriores} title="Valores anteriores" order={a.columnasAfectadas} />,
  },
  {
    accessor: 'valoresNuevos',
    title: 'Valores Nuevos',
    render: (a) => <ChangesCell values={a.valoresNuevos} title="Valores nuevos" order={a.columnasAfectadas} />,
  },
  { accessor: 'id', title: '#', width: 90, textAlign: 'right' },
];

/** 'Auditoría de cambios' (/pages/audit_log, spec 03 section 2.14): who changed what, newest first. */
function AuditLogPageContent() {
  const options = useAuditOptions();
  useLoadErrorToast(options.error, MSG.formDataLoadFailed);
  const tipos = [
    { value: '0', label: 'Todos' },
    ...(options.data?.tiposAuditoria ?? []).map((t) => ({ value: String(t.value), label: t.label })),
  ];
  const tablas = (options.data?.tablasAuditoria ?? [])
    .map((t) => ({ value: t, label: auditTableLabel(t) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));

  return (
    <>
      <PageHeader
        title="Auditoría de cambios"
        description="Cada alta, modificación y baja de datos, y cada acción denegada, con quién la hizo y cuándo."
      />
      <DataList<AuditItem, AuditFilters>
        label="Auditoría de cambios"
        query={auditLogQueryOptions}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.auditListLoadFailed}
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
            <Select
              label="Tipo"
              data={tipos}
              value={String(values.tipo)}
              onChange={(v) => set('tipo', Number(v ?? 0))}
              allowDeselect={false}
            />
            <SearchInput
              label="Usuario"
              description={undefined}
              value={values.usuario}
              onChange={(v) => set('usuario', v)}
            />
            <Select
              label="Tabla"
              placeholder="Todas"
              data={tablas}
              value={values.tabla}
              onChange={(v) => set('tabla', v)}
              searchable
              clearable
              nothingFoundMessage={EMPTY_RESULT_TEXT}
            />
            <DateInput
              label="Fecha desde"
              placeholder="dd/mm/aaaa"
              valueFormat={DATE_FORMAT}
              dateParser={(input) => parseDate(input)}
              clearable
              value={values.fechaDesde}
              onChange={(v) => set('fechaDesde', v)}
            />
            <DateInput
              label="Fecha hasta"
              placeholder="dd/mm/aaaa"
              valueFormat={DATE_FORMAT}
              dateParser={(input) => parseDate(input)}
              clearable
              minDate={values.fechaDesde ?? undefined}
              value={values.fechaHasta}
              onChange={(v) => set('fechaHasta', v)}
            />
          </SimpleGrid>
        )}
      />
    </>
  );
}

export function AuditLogPage() {
  return (
    <StaffOnly>
      <AuditLogPageContent />
    </StaffOnly>
  );
}
