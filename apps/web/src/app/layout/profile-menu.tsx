import { MSG, Role } from '@arandu/shared';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBooks, IconChevronDown, IconLogout, IconSitemap, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession, useViewAs } from '../../lib/session';
import { useLogout } from '../../lib/session-api';

export function ProfileMenu() {
  const user = useSession();
  const view = useViewAs();
  const logout = useLogout();
  const name = user?.fullName || MSG.anonymousUser;
  // Entries by the data the user has, not by the view alone: 'Mi Malla' needs a student's record and 'Mis
  // Materias' a student's or a professor's subjects (issue 34 item 15: a professor's 'Mi Malla' only erred).
  const asProfesor = user?.esProfesor && (view === Role.Profesor || !user.esAlumno);
  const myMaterias = asProfesor ? paths.profesorSubjects.list : user?.esAlumno ? paths.studentSubjects.list : undefined;

  return (
    <Menu position="bottom-end" width={220} withinPortal shadow="md">
      <Menu.Target>
        {/* Named by its content, not aria-label: the name a screen reader hears then contains the visible text. */}
        <UnstyledButton p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap={8} wrap="nowrap">
            <VisuallyHidden>Usuario: </VisuallyHidden>
            <Avatar radius="xl" size={32} color="initials" name={user?.fullName} aria-hidden="true">
              {user?.initials ?? null}
            </Avatar>
            <Text size="sm" fw={500} maw={180} truncate="end" className="visually-hidden-below-sm">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Label>
            <Text size="xs" truncate="end">
              {user.email}
            </Text>
          </Menu.Label>
        )}
        <Menu.Item component={Link} to={paths.account.myProfile} leftSection={<IconUserCircle size={16} />}>
          Mi Perfil
        </Menu.Item>
        {myMaterias && (
          <Menu.Item component={Link} to={myMaterias} leftSection={<IconBooks size={16} />}>
            Mis Materias
          </Menu.Item>
        )}
        {user?.esAlumno && (
          <Menu.Item component={Link} to={paths.account.myMalla} leftSection={<IconSitemap size={16} />}>
            Mi Malla
          </Menu.Item>
        )}
        <Menu.Divider />
        {/* Red by the theme's text shade, which reads at AA; Menu.Item's color="red" takes red-6 (3.3:1). */}
        <Menu.Item
          c="red"
          leftSection={<IconLogout size={16} color="var(--mantine-color-red-text)" />}
          onClick={() => void logout()}
        >
          Salir
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
