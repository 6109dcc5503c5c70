import { Button, Group } from '@mantine/core';

/**
 * The buttons under a modal's form: 'Cancelar - Volver' (or `cancelLabel`) closes it, 'Guardar' submits; a
 * read-only form (`canSave` false) offers only the way back.
 */
export function ModalFormFooter({
  onCancel,
  saving,
  canSave = true,
  cancelLabel = 'Cancelar - Volver',
}: {
  onCancel: () => void;
  saving: boolean;
  canSave?: boolean;
  cancelLabel?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {canSave && (
        <Button type="submit" loading={saving}>
          Guardar
        </Button>
      )}
    </Group>
  );
}
