import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { MfaCard } from '../components/mfa-card';
import { SecondFactorSettingCard } from '../components/second-factor-setting-card';
import { SessionsTable } from '../../../components/sessions-table';

/** '/pages/account/security': 'Seguridad' of the own profile, the second factor and 'Mis sesiones' (issue 32). */
export function SecurityPage() {
  return (
    <>
      <PageHeader title="Seguridad" description="Segundo factor de autenticación y sesiones abiertas." />
      <Stack gap="md">
        <MfaCard />
        <SessionsTable title="Mis sesiones" />
        <SecondFactorSettingCard />
      </Stack>
    </>
  );
}
