import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';

/**
 * The temporary password staff just set (a new account, 'Restablecer contraseña') when no mail server can
 * take it to its owner: shown here once, to whoever set it, and never again on any screen (issue 40). Resolves
 * when the dialog closes; Mantine gives the focus back to where it was.
 */
export function showTemporaryPassword(user: { email: string }, password: string): Promise<void> {
  return new Promise((resolve) => {
    const id = 'contrasena-temporal';
    modals.open({
      modalId: id,
      title: 'Contraseña temporal',
      centered: true,
      closeOnClickOutside: false,
      onClose: () => resolve(),
      children: (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" icon={<IconKey size={18} />}>
            Esta instalación no tiene servidor de correo: entregue usted esta contraseña a {user.email}. No se volverá a
            mostrar; si se pierde, restablézcala otra vez.
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <Code fz="lg" aria-label={`Contraseña temporal de ${user.email}`} style={{ flex: 1 }}>
              {password}
            </Code>
            <CopyButton value={password}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? 'Copiada' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            Al ingresar con ella se le pedirá que establezca una contraseña propia.
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => modals.close(id)}>Listo</Button>
          </Group>
        </Stack>
      ),
    });
  });
}
