import { Badge, Group, type MantineColor } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { formatDocumentNumber } from '../../lib/format';
import { RowAction } from './row-action';

/** A light 'Si' / 'No' badge. */
export function YesNoBadge({ value, noColor = 'gray' }: { value: boolean; noColor?: MantineColor }) {
  return (
    <Badge variant="light" color={value ? 'teal' : noColor}>
      {value ? 'Si' : 'No'}
    </Badge>
  );
}

/** The 'Activo' column of a list whose rows can be switched off. */
export function activeColumn<T extends { activo: boolean }>(): DataTableColumn<T> {
  return { accessor: 'activo', title: 'Activo', width: 90, render: (row) => <YesNoBadge value={row.activo} /> };
}

/** The document number, right-aligned and written as Paraguay writes it (1.234.567). */
export function documentColumn<T extends { numeroDocumento: string }>(
  title: string,
  { noWrap = false } = {},
): DataTableColumn<T> {
  return {
    accessor: 'numeroDocumento',
    title,
    textAlign: 'right',
    ...(noWrap && { noWrap }),
    render: (row) => formatDocumentNumber(row.numeroDocumento),
  };
}

export interface ActionsColumnOptions<T> {
  /** The row's `RowAction`s. */
  render: (row: T) => ReactNode;
  width: number;
  title?: string;
  cellsStyle?: DataTableColumn<T>['cellsStyle'];
}

/** The last column of a list: the row's actions, right-aligned on one line. */
export function actionsColumn<T>({
  render,
  width,
  title = 'Acción',
  cellsStyle,
}: ActionsColumnOptions<T>): DataTableColumn<T> {
  return {
    accessor: 'acciones',
    title,
    textAlign: 'right',
    width,
    cellsStyle,
    render: (row) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {render(row)}
      </Group>
    ),
  };
}

export interface EditDeleteColumnOptions<T> extends Omit<ActionsColumnOptions<T>, 'render' | 'width'> {
  /** 'Editar' opens this screen... */
  editTo?: (row: T) => string;
  /** ...or does this here. */
  onEdit?: (row: T) => void;
  onDelete: (row: T) => void;
  /** 'Borrar' unless told ('Quitar'). */
  deleteLabel?: string;
  /** When the row cannot be deleted, and why. */
  cannotDelete?: (row: T) => boolean;
  cannotDeleteReason?: string;
  /** Actions shown before 'Editar'. */
  before?: (row: T) => ReactNode;
  width?: number;
}

/** The actions column of a list: 'Editar' and 'Borrar' (red; disabled with its reason while the row is in use). */
export function editDeleteColumn<T>({
  editTo,
  onEdit,
  onDelete,
  deleteLabel = 'Borrar',
  cannotDelete,
  cannotDeleteReason,
  before,
  width = 110,
  ...column
}: EditDeleteColumnOptions<T>): DataTableColumn<T> {
  return actionsColumn({
    ...column,
    width,
    render: (row) => (
      <>
        {before?.(row)}
        <RowAction
          label="Editar"
          icon={<IconEdit size={18} />}
          to={editTo?.(row)}
          onClick={onEdit && (() => onEdit(row))}
        />
        <RowAction
          label={deleteLabel}
          color="red"
          icon={<IconTrash size={18} />}
          disabled={cannotDelete?.(row)}
          disabledReason={cannotDeleteReason}
          onClick={() => onDelete(row)}
        />
      </>
    ),
  });
}
