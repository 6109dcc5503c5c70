import { MSG_IDENTITY } from '@arandu/shared';
import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { ApiError, endedSession } from '../../../lib/api-client';
import { userCan, useSession } from '../../../lib/session';
import { useSaveSecondFactorSetting, useSecondFactorSetting } from '../api/second-factor-setting';

const LABEL = 'Segundo factor obligatorio para administradores y funcionarios';

/**
 * The faculty's switch for the staff's second factor (issue 32), on an administrator's 'Seguridad'. Turning it on
 * is confirmed: every administrator and funcionario without the factor, this one included, is sent to set it up.
 */
export function SecondFactorSettingCard() {
  const user = useSession();
  // Behind the gate an administrator may only set up their own factor (the server refuses the rest).
  const allowed = userCan(user, 'settings:manage') && user?.mfaSetupRequired !== true;
  const setting = useSecondFactorSetting(allowed);
  const save = useSaveSecondFactorSetting();
  if (!allowed || !setting.data) return null;
  const { segundoFactorObligatorio, configured } = setting.data;

  const change = async (on: boolean) => {
    if (on) {
      const ok = await confirmDialog({
        title: 'Exigir segundo factor',
        message:
          'Los administradores y funcionarios que no tengan segundo factor (usted incluido, si no lo tiene) deberán activarlo antes de seguir usando Arandu.',
        confirmLabel: 'Sí, exigir',
      });
      if (!ok) return;
    }
    try {
      await save.mutateAsync(on);
      toast.success(
        on ? 'Ahora el segundo factor es obligatorio para el personal.' : 'El segundo factor dejó de ser obligatorio.',
      );
    } catch (failure) {
      if (!endedSession(failure)) toast.error(failure instanceof ApiError ? failure.message : undefined);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-label="Configuración de la facultad">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Configuración de la facultad
        </Title>
        <Switch
          label={LABEL}
          description="Quien no lo tenga activado es enviado a activarlo al ingresar y no puede hacer otra cosa hasta hacerlo."
          checked={segundoFactorObligatorio}
          disabled={save.isPending || (!configured && !segundoFactorObligatorio)}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        {!configured && (
          <Text size="sm" c="dimmed">
            {MSG_IDENTITY.mfaNotConfigured}
          </Text>
        )}
        {segundoFactorObligatorio && !configured && (
          <Alert color="gray">Sin la clave del servidor la exigencia no se aplica a nadie.</Alert>
        )}
      </Stack>
    </Paper>
  );
}
