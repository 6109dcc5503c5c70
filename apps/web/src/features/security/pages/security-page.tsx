import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { MfaCard } from '../components/mfa-card';
import { RecentSignIns } from '../components/recent-sign-ins';
import { PasskeysCard } from '../components/passkeys-card';
import { SecondFactorSettingCard } from '../components/second-factor-setting-card';
import { SessionsTable } from '../../../components/sessions-table';
import { useSession } from '../../../lib/session';

/** '/pages/account/security': 'Seguridad' of the own profile, the second factor and 'Mis sesiones' (issue 32). */
export function SecurityPage() {
  // Behind the forced set-up gate only the factor's card works: the sessions would answer that it is missing.
  const gated = useSession()?.mfaSetupRequired === true;
  return (
    <>
      <PageHeader
        title="Seguridad"
        description="Segundo factor de autenticación, llaves de seguridad y sesiones abiertas."
      />
      <Stack gap="md">
        <MfaCard />
        <PasskeysCard />
        {!gated && <SessionsTable title="Mis sesiones" />}
        {!gated && <RecentSignIns />}
        <SecondFactorSettingCard />
      </Stack>
    </>
  );
}
