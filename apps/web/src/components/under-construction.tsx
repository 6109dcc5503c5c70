import { MSG } from '@arandu/shared';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHammer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from './use-page-title';

/** The one page every screen not built yet shows: its title, the spec's text and a way back. */
export function UnderConstruction() {
  const title = usePageTitle();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconHammer size={40} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed" size="lg">
          {MSG.underConstruction}
        </Text>
        <Button component={Link} to={paths.dashboardDefault} variant="light" leftSection={<IconArrowLeft size={16} />}>
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}
