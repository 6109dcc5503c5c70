import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { visibleNavGroups } from '../../../config/navigation';
import { TIME_ZONE } from '../../../lib/format';
import { useSession, useViewAs } from '../../../lib/session';

function greeting(hour: number): string {
  if (hour < 12) return 'Buenos días';
  if (hour < 19) return 'Buenas tardes';
  return 'Buenas noches';
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** '/pages/one' ('Inicio'): the landing page of staff, with a shortcut to each area they work in. */
export function StaffHomePage() {
  const user = useSession();
  const view = useViewAs();
  const now = dayjs().tz(TIME_ZONE);
  const firstName = user?.fullName.trim().split(/\s+/)[0] ?? '';
  const groups = visibleNavGroups(user, view);

  return (
    <Stack gap="xl" maw={1200}>
      <Stack gap={4}>
        <Text c="dimmed" size="sm">
          {capitalize(now.format('dddd, D [de] MMMM [de] YYYY'))}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {greeting(now.hour())}
          {firstName ? `, ${firstName}` : ''}
        </Title>
        <Text c="dimmed">¿Qué desea hacer hoy?</Text>
      </Stack>

      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`home-${group.id}`}>
          <Title order={2} fz="lg" mb="sm" id={`home-${group.id}`}>
            {group.label}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {group.items.map((item) => (
              <Card
                key={item.to}
                component={Link}
                to={item.to}
                withBorder
                padding="md"
                radius="md"
                style={{ textDecoration: 'none' }}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light">
                    <item.icon size={22} stroke={1.6} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{item.label}</Text>
                    <Text size="sm" c="dimmed">
                      {item.description}
                    </Text>
                  </div>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
