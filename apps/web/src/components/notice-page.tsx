import { MSG } from '@arandu/shared';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** A whole page that says why there is nothing to do here, with the way back to the start page. */
export function NoticePage({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color?: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed" size="lg">
          {children}
        </Text>
        <Button component={Link} to={paths.dashboardDefault} variant="light" leftSection={<IconArrowLeft size={16} />}>
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}

/** A screen this user may not use: who it is for, instead of a list that fails to load. */
export function RestrictedPage({ audience }: { audience: string }) {
  return (
    <NoticePage icon={<IconLock size={40} stroke={1.5} />} color="gray" title="Acceso restringido">
      {MSG.forbidden}. Esta página es para {audience}.
    </NoticePage>
  );
}
