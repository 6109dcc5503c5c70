import { Button, Group } from '@mantine/core';
import { useFocusFirstInvalid } from '../lib/focus-first-invalid';

/**
 * The buttons under a modal's form: 'Cancelar - Volver' (or `cancelLabel`) closes it, 'Guardar' submits; a
 * read-only form (`canSave` false) offers only the way back. A save that fails, by the form's own checks or by
 * the server's, leaves the focus on the first invalid field (issue 34 item 9); a close (Mantine's Modal)
 * returns it to the control that opened the modal.
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
  const ref = useFocusFirstInvalid<HTMLDivElement>();
  return (
    <Group ref={ref} justify="flex-end" gap="sm">
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
