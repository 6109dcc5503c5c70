import { MSG, Role, ROLE_OPTIONS, userChangeRefusal, type UserListItem } from '@arandu/shared';
import { Badge, Button, Chip, Group, Input, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text';
import { DataList } from '../../../components/data-list/data-list';
import { actionsColumn, documentColumn } from '../../../components/data-list/columns';
import { RowAction } from '../../../components/data-list/row-action';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { userActor, useSession } from '../../../lib/session';
import { usersQueryOptions, type UserFilters } from '../api/get-users';
import { useAskResetPassword } from '../components/use-ask-reset-password';
import { StaffOnly } from '../../../components/staff-only';

const EMPTY_FILTERS: UserFilters = { search: '', roles: [] };
const ROLE_COLORS: Record<number, string> = { 0: 'teal', 1: 'indigo', 2: 'orange', 3: 'red' };

function RoleBadges({ user }: { user: UserListItem }) {
  return (
    <Stack gap={4} align="flex-start">
      {user.roles.map((r) => (
        <Badge key={r.value} size="sm" variant="light" color={ROLE_COLORS[r.value]}>
          {r.label}
        </Badge>
      ))}
      {user.escalafon !== null && (
        <Badge size="sm" variant="outline" color="indigo">
          Escalafón: {user.escalafon}
        </Badge>
      )}
    </Stack>
  );
}

/** 'Usuarios del Sistema' (/pages/users, spec 01 section 2). */
function UsersPageContent() {
  const { askReset } = useAskResetPassword();
  const actor = userActor(useSession());
  // Why the caller may not reset this user's password (another Admin, unless they are root); the server decides.
  const resetRefusal = (u: UserListItem) =>
    actor ? userChangeRefusal(actor, { id: u.id, esAdmin: u.roles.some((r) => r.value === Role.Admin) }) : undefined;

  // The spec's columns, led by what a person reads; the internal number '#' comes last (issue 34 item 17).
  const columns: DataTableColumn<UserListItem>[] = [
    documentColumn('Documento'),
    { accessor: 'roles', title: 'Roles', render: (u) => <RoleBadges user={u} /> },
    { accessor: 'nombre', title: 'Nombre' },
    { accessor: 'apellido', title: 'Apellido' },
    { accessor: 'email', title: 'Correo electrónico', render: (u) => <EmailText email={u.email} /> },
    { accessor: 'telefonoCelular', title: 'Celular', noWrap: true },
    {
      accessor: 'arancelCero',
      title: 'Arancel Cero',
      textAlign: 'center',
      render: (u) =>
        u.arancelCero ? (
          <Tooltip
            label={u.fechaFinArancelCero ? `Hasta el ${formatDate(u.fechaFinArancelCero)}` : 'Sin fecha de fin'}
            withArrow
          >
            <Badge variant="light" color="teal" tabIndex={0}>
              Si
            </Badge>
          </Tooltip>
        ) : (
          <Badge variant="light" color="gray">
            No
          </Badge>
        ),
    },
    { accessor: 'id', title: '#', width: 70, textAlign: 'right' },
    actionsColumn({
      width: 130,
      render: (u) => (
        <>
          <RowAction label="Editar" icon={<IconEdit size={18} />} to={paths.users.edit(u.id)} />
          <RowAction
            label="Restablecer contraseña"
            icon={<IconKey size={18} />}
            onClick={() => void askReset(u)}
            disabled={resetRefusal(u) !== undefined}
            disabledReason={resetRefusal(u)}
          />
          <RowAction
            label="Borrar"
            color="red"
            icon={<IconTrash size={18} />}
            disabled
            disabledReason="El borrado de usuarios está deshabilitado"
          />
        </>
      ),
    }),
  ];

  return (
    <>
      <PageHeader title="Usuarios del Sistema" description="Alumnos, profesores, funcionarios y administradores." />
      <DataList<UserListItem, UserFilters>
        label="Usuarios del Sistema"
        pinLastColumn
        query={usersQueryOptions}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        loadError={MSG.userListLoadFailed}
        toolbar={
          <Button component={Link} to={paths.users.new} leftSection={<IconPlus size={16} />}>
            Agregar nuevo usuario
          </Button>
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <SearchInput
              description="Nombre, apellido, documento o correo"
              value={values.search}
              onChange={(value) => set('search', value)}
            />
            <Input.Wrapper label="Roles" description="Usuarios con alguno de los roles elegidos">
              {/* The chips' values are the roles of ROLE_OPTIONS, written as strings. */}
              <Chip.Group
                multiple
                value={values.roles.map(String)}
                onChange={(v) =>
                  set(
                    'roles',
                    v.map((role) => Number(role) as Role),
                  )
                }
              >
                <Group gap="xs" mt={6}>
                  {ROLE_OPTIONS.map((r) => (
                    <Chip key={r.value} value={String(r.value)} size="sm" variant="light">
                      {r.label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Input.Wrapper>
          </SimpleGrid>
        )}
      />
      <Text size="xs" c="dimmed" mt="xs">
        Los usuarios no se borran: su ficha y su historial académico se conservan.
      </Text>
    </>
  );
}

export function UsersPage() {
  return (
    <StaffOnly>
      <UsersPageContent />
    </StaffOnly>
  );
}
