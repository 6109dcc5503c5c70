import 'mantine-datatable/styles.layer.css';
import { DEFAULT_PAGE_SIZE, type PageReply } from '@arandu/shared';
import { Alert, Badge, Box, Button, Checkbox, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { IconArrowsHorizontal, IconFilter, IconFilterOff, IconRefresh, IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { endedSession } from '../../lib/api-client';
import { toast } from '../toast';
import { EMPTY_RESULT_TEXT } from '../empty-result';
import classes from './data-list.module.css';
import { useSideScroll } from './use-side-scroll';

/**
 * The one list of Arandu: the shared behaviour of spec 01 section 2, paged and filtered by the server
 * (`{ page, pageSize, filters }` -> `{ items, totalItemsCount }`).
 *
 * - `query(request)`: the TanStack query options of one page, from the feature's `api/get-x.ts`
 *   (e.g. `(request) => usersQueryOptions(request)`). Filters equal to '', null, undefined or [] are left
 *   out of `request.filters`.
 * - `columns`: mantine-datatable columns of the row type `T` (an 'actions' column may use `RowAction`).
 * - `emptyFilters`: the filters with nothing chosen; 'Limpiar filtros' returns to them.
 * - `renderFilters(controls)`: the search fields shown under 'Búsqueda' (`controls.values`, `controls.set`);
 *   Enter in a field or 'Buscar' applies them and goes back to page 1. Without it there is no search panel.
 * - `loadError`: the spec's toast when the list cannot be loaded.
 * - `toolbar`: buttons beside 'Búsqueda' (e.g. 'Agregar nuevo usuario').
 * - `pageSize` (default 25), `idAccessor` (default 'id'), `pinLastColumn` (keeps a row-actions column in
 *   view while a wide table scrolls sideways; from the `md` breakpoint up only: on a phone a pinned column
 *   covered half the screen and the names under it, issue 34 item 12).
 * - `maxHeight`: the rows scroll inside the table past this height, under a header that stays (a long list
 *   inside a form, which made the page several screens tall, issue 34 item 13).
 *
 * A table wider than its frame says so: shaded edges on the side with more columns and a line above it.
 */
export interface DataListProps<T, F extends object, K extends QueryKey = QueryKey> {
  query: (request: ListRequest<F>) => UseQueryOptions<PageReply<T>, Error, PageReply<T>, K>;
  columns: DataTableColumn<T>[];
  emptyFilters: F;
  renderFilters?: (controls: FilterControls<F>) => ReactNode;
  loadError: string;
  toolbar?: ReactNode;
  pageSize?: number;
  idAccessor?: keyof T | ((row: T) => string | number);
  /** Accessible name of the table. */
  label?: string;
  pinLastColumn?: boolean;
  /** Keeps filters, page and page size in localStorage under this key between visits (exam list, spec 02 9). */
  persistKey?: string;
  maxHeight?: number | string;
  /** Cell padding left and right (Mantine's `xs` unless told): a list of many narrow columns may ask for less. */
  horizontalSpacing?: number;
}

/** The line above a table wider than its frame (issue 34 item 12). */
export const SIDE_SCROLL_HINT = 'Desplace la tabla hacia los lados para ver todas las columnas';

/** From Mantine's `md` breakpoint up a pinned actions column leaves room for the rest. */
const PIN_MEDIA = '(min-width: 62em)';

export interface ListRequest<F> {
  page: number;
  pageSize: number;
  filters: Partial<F>;
}

export interface FilterControls<F> {
  values: F;
  set: <K extends keyof F>(key: K, value: F[K]) => void;
}

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];
const AUTO_HIDE_KEY = 'arandu.list.autoHide';

/** 'Resultado x - y de n registros' (spec 01 section 2). */
export function resultText(from: number, to: number, total: number): string {
  return `Resultado ${from} - ${to} de ${total} registros`;
}

/** The filters worth sending: empty texts, nulls and empty lists mean "any". */
export function activeFilters<F extends object>(filters: F): Partial<F> {
  const out: Partial<F> = {};
  for (const [key, value] of Object.entries(filters) as [keyof F, F[keyof F]][]) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = (typeof value === 'string' ? value.trim() : value) as F[keyof F];
  }
  return out;
}

/** The filters a list sends: only those chosen, so never a null. */
export type ActiveFilters<F> = { [K in keyof F]?: Exclude<F[K], null> };

/**
 * A list request as the server's schema types it: DataList built its filters with activeFilters, which leaves
 * the nulls of the filter form out, so the request says so for `call`.
 */
export function listBody<F>(request: ListRequest<F>): { page: number; pageSize: number; filters: ActiveFilters<F> } {
  return request as { page: number; pageSize: number; filters: ActiveFilters<F> };
}

/** A list's stored page, page size and filters (`persistKey`); nothing when absent or unreadable. */
function readStoredList<F>(key: string | undefined): ListRequest<F> | undefined {
  if (!key) return undefined;
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as ListRequest<F> | null;
    return value && typeof value.page === 'number' && typeof value.pageSize === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function DataList<T, F extends object, K extends QueryKey = QueryKey>({
  query,
  columns,
  emptyFilters,
  renderFilters,
  loadError,
  toolbar,
  pageSize: initialPageSize = DEFAULT_PAGE_SIZE,
  idAccessor = 'id' as keyof T,
  label,
  pinLastColumn,
  persistKey,
  maxHeight,
  horizontalSpacing,
}: DataListProps<T, F, K>) {
  const panelId = useId();
  const side = useSideScroll();
  const roomToPin = useMediaQuery(PIN_MEDIA, true, { getInitialValueInEffect: false });
  const pinned = Boolean(pinLastColumn && roomToPin);
  const [stored] = useState(() => readStoredList<F>(persistKey));
  const [page, setPage] = useState(stored?.page ?? 1);
  const [pageSize, setPageSize] = useState(stored?.pageSize ?? initialPageSize);
  const [applied, setApplied] = useState<Partial<F>>(() => stored?.filters ?? activeFilters(emptyFilters));
  useEffect(() => {
    if (persistKey) localStorage.setItem(persistKey, JSON.stringify({ page, pageSize, filters: applied }));
  }, [persistKey, page, pageSize, applied]);
  const [searchOpen, setSearchOpen] = useState(false);
  const [autoHide, setAutoHide] = useState(() => localStorage.getItem(AUTO_HIDE_KEY) !== 'false');

  const result = useQuery({ ...query({ page, pageSize, filters: applied }), placeholderData: keepPreviousData });
  const total = result.data?.totalItemsCount ?? 0;

  // An ended session is not this list's failure: the app says it once, with its own toast.
  const loadFailed = result.isError && !endedSession(result.error);

  // The spec's toast, once per failure (a retry that fails again toasts again).
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (loadFailed && toasted.current !== result.errorUpdatedAt) {
      toasted.current = result.errorUpdatedAt;
      toast.error(loadError);
    }
  }, [loadFailed, result.errorUpdatedAt, loadError]);

  // A page past the end (after a deletion elsewhere) moves back to the last one.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (result.data && !result.isPlaceholderData && page > lastPage) setPage(lastPage);

  const apply = (filters: F) => {
    setApplied(activeFilters(filters));
    setPage(1);
    if (autoHide) setSearchOpen(false);
  };
  const clear = () => {
    setApplied(activeFilters(emptyFilters));
    setPage(1);
  };
  const changeAutoHide = (value: boolean) => {
    setAutoHide(value);
    localStorage.setItem(AUTO_HIDE_KEY, String(value));
  };
  const activeCount = Object.keys(applied).length - Object.keys(activeFilters(emptyFilters)).length;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {renderFilters && (
            <Button
              variant={searchOpen ? 'filled' : 'light'}
              leftSection={<IconFilter size={16} />}
              rightSection={
                activeCount > 0 ? (
                  <Badge size="xs" circle variant="white" aria-hidden title={`${activeCount} filtros activos`}>
                    {activeCount}
                  </Badge>
                ) : null
              }
              aria-expanded={searchOpen}
              aria-controls={panelId}
              onClick={() => setSearchOpen((open) => !open)}
            >
              Búsqueda
            </Button>
          )}
        </Group>
        {toolbar && <Group gap="sm">{toolbar}</Group>}
      </Group>

      {renderFilters && (
        <Collapse expanded={searchOpen}>
          <SearchPanel
            id={panelId}
            emptyFilters={emptyFilters}
            initialFilters={{ ...emptyFilters, ...applied }}
            renderFilters={renderFilters}
            onSearch={apply}
            onClear={clear}
            autoHide={autoHide}
            onAutoHideChange={changeAutoHide}
          />
        </Collapse>
      )}

      {loadFailed && !result.data && (
        <Alert color="red" variant="light" title={loadError}>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void result.refetch()}
          >
            Reintentar
          </Button>
        </Alert>
      )}

      <Box className={classes.list}>
        {side.overflows && (
          <Text size="xs" c="dimmed" ta="right" mb={4} data-testid="side-scroll-hint">
            <IconArrowsHorizontal size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
            {SIDE_SCROLL_HINT}
          </Text>
        )}
        <DataTable<T>
          aria-label={label}
          // A table wider than the screen scrolls: keyboard users must be able to focus it to scroll (axe).
          scrollAreaProps={{
            viewportProps: { tabIndex: 0 },
            className: classes.scroll,
            mod: { 'more-left': side.moreLeft, 'more-right': side.moreRight, pinned },
          }}
          scrollViewportRef={side.viewportRef}
          maxHeight={maxHeight}
          horizontalSpacing={horizontalSpacing}
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          verticalSpacing="xs"
          minHeight={result.data?.items.length ? undefined : 180}
          records={result.data?.items ?? []}
          columns={columns}
          idAccessor={idAccessor}
          pinLastColumn={pinned}
          fetching={result.isFetching}
          noRecordsText={EMPTY_RESULT_TEXT}
          totalRecords={total}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={PAGE_SIZE_OPTIONS}
          recordsPerPageLabel="Registros por página"
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          paginationWithEdges
          paginationText={({ from, to, totalRecords }) => resultText(totalRecords ? from : 0, to, totalRecords)}
          loadingText="Cargando…"
          getPaginationControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] ?? control })}
        />
      </Box>
    </Stack>
  );
}

interface SearchPanelProps<F> {
  id: string;
  emptyFilters: F;
  initialFilters: F;
  renderFilters: (controls: FilterControls<F>) => ReactNode;
  onSearch: (filters: F) => void;
  onClear: () => void;
  autoHide: boolean;
  onAutoHideChange: (value: boolean) => void;
}

/** The fields being typed live here, so a keystroke re-renders the panel and not the table. */
function SearchPanel<F>({
  id,
  emptyFilters,
  initialFilters,
  renderFilters,
  onSearch,
  onClear,
  autoHide,
  onAutoHideChange,
}: SearchPanelProps<F>) {
  const [draft, setDraft] = useState<F>(initialFilters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  return (
    <Paper withBorder p="md" id={id} component="section" aria-label="Búsqueda">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {renderFilters({ values: draft, set: (key, value) => setDraft((d) => ({ ...d, [key]: value })) })}
          <Group justify="space-between" gap="sm">
            <Checkbox
              label="Auto-ocultar buscador"
              checked={autoHide}
              onChange={(e) => onAutoHideChange(e.currentTarget.checked)}
            />
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconFilterOff size={16} />}
                onClick={() => {
                  setDraft(emptyFilters);
                  onClear();
                }}
              >
                Limpiar filtros
              </Button>
              <Button type="submit" leftSection={<IconSearch size={16} />}>
                Buscar
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const PAGINATION_LABELS: Record<string, string> = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
};
