import { MSG, PASSWORD_MIN, zSetNewPassword, type SetNewPassword } from '@arandu/shared';
import { Anchor, Button, Fieldset, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAt } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { landingAfterNewPassword, saveSession, setViewAs, useSession } from '../../../lib/session';
import { useLogout } from '../../../lib/session-api';
import { useSetNewPassword } from '../api/set-new-password';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';

/** '/first_log_in': 'Establecer nueva contraseña' (spec 01 sections 2, 4, 5). */
export function FirstLoginPage() {
  const user = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const setNewPassword = useSetNewPassword();
  const form = useForm<SetNewPassword>({
    mode: 'uncontrolled',
    initialValues: { email: user?.email ?? '', currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(zSetNewPassword, { sync: true }),
  });

  const save = async (values: SetNewPassword) => {
    try {
      const reply = await setNewPassword.run(values);
      const saved = saveSession(reply);
      toast.success(MSG.newPasswordSet);
      const landing = landingAfterNewPassword(saved);
      setViewAs(landing.view);
      await navigate(landing.path, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        form.setErrors(error.fieldErrors);
        toast.warning(error.body?.error || MSG.loginFailed);
      } else {
        toast.error();
      }
    }
  };

  const pending = setNewPassword.pending;
  return (
    <AuthLayout>
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Fieldset variant="unstyled" disabled={pending}>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz={26}>
                Establecer nueva contraseña
              </Title>
              <Text c="dimmed" size="sm">
                Por seguridad, elija una contraseña nueva de al menos {PASSWORD_MIN} caracteres antes de continuar.
              </Text>
            </Stack>
            <TextInput
              label="Correo electrónico"
              readOnly
              variant="filled"
              leftSection={<IconAt size={16} />}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordField
              label="Contraseña actual"
              autoComplete="current-password"
              autoFocus
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
            <PasswordField
              label="Nueva contraseña"
              autoComplete="new-password"
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
            />
            <PasswordField
              label="Confirmar nueva contraseña"
              autoComplete="new-password"
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" fullWidth size="md" loading={pending} loaderProps={{ type: 'dots' }}>
              Establecer nueva contraseña
            </Button>
            <Anchor component="button" type="button" size="sm" ta="center" c="dimmed" onClick={() => void logout()}>
              Salir
            </Anchor>
          </Stack>
        </Fieldset>
      </form>
    </AuthLayout>
  );
}
