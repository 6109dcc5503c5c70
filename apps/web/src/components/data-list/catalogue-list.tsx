import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { useConfirmDelete, type ConfirmDeleteOptions } from '../use-confirm-delete';
import { editDeleteColumn } from './columns';
import { DataList, type DataListProps } from './data-list';

export interface CatalogueListProps<
  T extends { id: number },
  F extends object,
  K extends QueryKey = QueryKey,
> extends Omit<DataListProps<T, F, K>, 'toolbar'> {
  /** 'Agregar nueva carrera': opens the form empty. */
  addLabel: string;
  /** More buttons beside it. */
  toolbarExtra?: ReactNode;
  /** Deleting a row: the confirmation, the mutation and its toasts. */
  remove: ConfirmDeleteOptions<T>;
  /** A row the database would refuse to delete (still in use): its button is disabled, with the reason. */
  cannotDelete: (row: T) => boolean;
  cannotDeleteReason: string;
  /** The 'Nuevo…' / 'Editar…' modal (components/record-form-modal.tsx): `id` null for a new row. */
  formModal: ComponentType<{ opened: boolean; id: number | null; onClose: () => void }>;
}

/**
 * A catalogue's list (careers, subjects, rooms) edited in a modal: the list with 'Editar' and 'Borrar' on each
 * row, the add button, and the form opened for a new row or the one clicked.
 */
export function CatalogueList<T extends { id: number }, F extends object, K extends QueryKey = QueryKey>({
  addLabel,
  toolbarExtra,
  remove,
  cannotDelete,
  cannotDeleteReason,
  formModal: FormModal,
  columns,
  ...list
}: CatalogueListProps<T, F, K>) {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const askDelete = useConfirmDelete<T>(remove);
  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ id: null })}>
      {addLabel}
    </Button>
  );
  const actions: DataTableColumn<T> = editDeleteColumn({
    onEdit: (row) => setEditing({ id: row.id }),
    onDelete: (row) => void askDelete(row),
    cannotDelete,
    cannotDeleteReason,
  });
  return (
    <>
      <DataList<T, F, K>
        {...list}
        columns={[...columns, actions]}
        toolbar={
          toolbarExtra ? (
            <Group gap="sm">
              {add}
              {toolbarExtra}
            </Group>
          ) : (
            add
          )
        }
      />
      <FormModal opened={editing !== null} id={editing?.id ?? null} onClose={close} />
    </>
  );
}
