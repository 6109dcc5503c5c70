import { MSG } from '@arandu/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { RectifyGrantPanel } from '../components/rectify-grant-panel';
import { UserSecurityPanel } from '../components/user-security-panel';
import { useSession } from '../../../lib/session';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { isNotFound } from '../../../lib/api-errors';
import { useUser } from '../api/get-user';
import { useUserFormData } from '../api/get-form-data';
import { UserForm } from '../components/user-form';
import { StaffOnly } from '../../../components/staff-only';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

/** '/pages/users/new' and '/pages/users/edit/{id}': the user form in staff mode. */
function UserFormPageContent() {
  const { id } = useParams();
  const navigate = useNavigate();
  const userId = id === undefined ? null : Number(id);
  const validId = userId === null || (Number.isInteger(userId) && userId > 0);
  const user = useUser(validId ? userId : null);
  const formData = useUserFormData();
  const session = useSession();
  const [tab, setTab] = useState('datos');

  // Spec 01 section 4: opening an unknown user shows a message and returns to the user list.
  useEffect(() => {
    if (!validId || (user.error && isNotFound(user.error))) {
      toast.error(MSG.userNotFound);
      void navigate(paths.users.list, { replace: true });
    } else if (user.error) {
      toast.error(MSG.userLoadFailed);
    }
  }, [validId, user.error, navigate]);
  useLoadErrorToast(formData.error, MSG.formDataLoadFailed);

  if (!formData.data || (userId !== null && !user.data)) return <PageLoader />;
  const form = (
    <Stack gap="md">
      <UserForm
        key={user.data?.id ?? 'nuevo'}
        mode="staff"
        user={user.data ?? null}
        formData={formData.data}
        onSaved={() => void navigate(paths.users.list)}
        onCancel={() => void navigate(paths.users.list)}
      />
      {user.data && session?.esAdminRoot && user.data.esFuncionario && !user.data.esAdmin && (
        <RectifyGrantPanel user={user.data} />
      )}
    </Stack>
  );
  if (!user.data) return form;
  // The form stays mounted (typed changes survive a look at 'Seguridad'); 'Seguridad' is built, and its
  // sessions and events fetched, only once opened (issue 41).
  return (
    <Tabs value={tab} onChange={(value) => setTab(value ?? 'datos')}>
      {/* Beside the tabs, not among them: a tab list holds tabs only (axe aria-required-children, critical). */}
      <Group gap="sm" align="flex-end" wrap="nowrap" mb="md">
        <Tabs.List flex={1}>
          <Tabs.Tab value="datos">Datos</Tabs.Tab>
          <Tabs.Tab value="seguridad">Seguridad</Tabs.Tab>
        </Tabs.List>
        {/* A professor's week (issue 45): its own screen, shared with 'Mi horario'. */}
        {user.data.esProfesor && (
          <Button component={Link} to={paths.horario.of('profesor', user.data.id)} variant="light" mb={4}>
            Horario
          </Button>
        )}
      </Group>
      <Tabs.Panel value="datos">{form}</Tabs.Panel>
      <Tabs.Panel value="seguridad">
        {tab === 'seguridad' && (
          <Stack gap="md">
            {/* Whose record this is: the form's own header stays on 'Datos'. */}
            <PageHeader
              title={`${user.data.nombre} ${user.data.apellido}`}
              description={`${user.data.email} · sesiones, segundo factor, cuenta institucional y eventos de seguridad`}
            />
            <UserSecurityPanel userId={user.data.id} />
          </Stack>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

export function UserFormPage() {
  return (
    <StaffOnly>
      <UserFormPageContent />
    </StaffOnly>
  );
}
