import { Alert, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAt, IconMailCheck } from '@tabler/icons-react';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import type { FormEvent } from 'react';
import { fieldOf, useFieldErrors } from './use-field-errors';

/** '¿Olvidaste tu Contraseña?': asks for the e-mail and shows the server's success text. */
export function ForgotPasswordForm({ onCancel }: { onCancel: () => void }) {
  const forgotPassword = useForgotPassword();
  const { errors, setErrors, clear } = useFieldErrors<'email'>();

  const send = (values: { email: string }) =>
    forgotPassword.run(values.email.trim()).catch((error: unknown) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) toast.warning(error.message);
      else toast.error();
    });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { email: fieldOf(event.currentTarget, 'email') };
    const { hasErrors, validateForgotPassword } = await import('../validation');
    const found = validateForgotPassword(values);
    setErrors(found);
    if (!hasErrors(found)) await send(values);
  };

  const pending = forgotPassword.pending;
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
            name="email"
            error={errors.email}
            onChange={() => clear('email')}
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
