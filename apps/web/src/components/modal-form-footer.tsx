import { Button, Group } from '@mantine/core';

/** The buttons under a modal's form: 'Cancelar - Volver' closes it, 'Guardar' submits. */
export function ModalFormFooter({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancelar - Volver
      </Button>
      <Button type="submit" loading={saving}>
        Guardar
      </Button>
    </Group>
  );
}
