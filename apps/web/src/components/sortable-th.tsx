import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { SortState } from '../lib/use-table-rows';

/** A column header that sorts its table on a click and tells a screen reader which way it is sorted. */
export function SortableTh<K extends string>({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: K;
  sort: SortState<K> | null;
  onSort: (key: K) => void;
}) {
  const sorted = sort?.key === sortKey ? sort.dir : null;
  const Icon = sorted === null ? IconArrowsSort : sorted === 1 ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={sorted === null ? 'none' : sorted === 1 ? 'ascending' : 'descending'}>
      <UnstyledButton
        onClick={() => onSort(sortKey)}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
      >
        {label} <Icon size={14} />
      </UnstyledButton>
    </Table.Th>
  );
}
