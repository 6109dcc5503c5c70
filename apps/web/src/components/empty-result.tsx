import { Table, Text, type TextProps } from '@mantine/core';

/** The spec's words for an empty list, table, search or select (spec 01: 'No se encontraron resultados'). */
export const EMPTY_RESULT_TEXT = 'No se encontraron resultados';

/** The empty list's line, dimmed and centred. */
export function EmptyResult(props: TextProps) {
  return (
    <Text c="dimmed" ta="center" py="md" {...props}>
      {EMPTY_RESULT_TEXT}
    </Text>
  );
}

/** A table body's only row when it has none to show, across its `colSpan` columns. */
export function EmptyTableRow({ colSpan }: { colSpan: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <EmptyResult />
      </Table.Td>
    </Table.Tr>
  );
}
