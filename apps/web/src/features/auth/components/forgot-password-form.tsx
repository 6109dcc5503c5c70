import { Alert, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconMailCheck } from '@tabler/icons-react';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import type { FormEvent } from 'react';

/** '¿Olvidaste tu Contraseña?': asks for the e-mail and shows the server's success text. */
export function ForgotPasswordForm({ onCancel }: { onCancel: () => void }) {
  const forgotPassword = useForgotPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
  });

  const send = (values: { email: string }) => {
    forgotPassword.mutate(values.email.trim(), {
      onError: (error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) toast.warning(error.message);
        else toast.error();
      },
    });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { hasErrors, validateForgotPassword } = await import('../validation');
    const values = form.getValues();
    const errors = validateForgotPassword(values);
    form.setErrors(errors);
    if (!hasErrors(errors)) send(values);
  };

  const pending = forgotPassword.isPending;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Fieldset variant="unstyled" disabled={pending}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Ingrese su correo electrónico y le enviaremos una contraseña temporal.
          </Text>
          {forgotPassword.data && (
            <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
              {forgotPassword.data.message}
            </Alert>
          )}
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} />}
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Group grow>
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
            <Button type="submit" loading={pending} loaderProps={{ type: 'dots' }}>
              Restablecer
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
