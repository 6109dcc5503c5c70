import { MSG, type Login } from '@arandu/shared';
import { Anchor, Button, Fieldset, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { landingAfterLogin, saveSession, setViewAs } from '../../../lib/session';
import { useLogin } from '../api/login';
import { PasswordField } from './password-field';

/** A wrong e-mail or password reads the same either way; a throttled login shows the server's text. */
function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.message;
    if (error.status >= 400 && error.status < 500) return MSG.loginFailed;
  }
  return MSG.errorGeneric;
}

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const form = useForm<Login>({
    mode: 'uncontrolled',
    // remember-me is kept hidden (spec 01 section 2).
    initialValues: { email: '', password: '', rememberMe: false },
  });

  const logIn = async (values: Login) => {
    try {
      const reply = await loginMutation.mutateAsync({
        email: values.email.trim(),
        password: values.password,
        rememberMe: values.rememberMe,
      });
      const user = saveSession(reply);
      const landing = landingAfterLogin(user);
      setViewAs(landing.view);
      await navigate(landing.path, { replace: true });
    } catch (error) {
      toast.warning(loginFailureMessage(error));
    }
  };

  const submit = async () => {
    const { hasErrors, validateLogin } = await import('../validation');
    const values = form.getValues();
    const errors = validateLogin(values);
    form.setErrors(errors);
    if (!hasErrors(errors)) await logIn(values);
  };

  const pending = loginMutation.isPending;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Fieldset variant="unstyled" disabled={pending}>
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            placeholder="usuario@ejemplo.edu.py"
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} />}
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Contraseña"
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth size="md" loading={pending} loaderProps={{ type: 'dots' }}>
            Ingresar
          </Button>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={onForgotPassword}>
            ¿Olvidaste tu Contraseña?
          </Anchor>
        </Stack>
      </Fieldset>
    </form>
  );
}
