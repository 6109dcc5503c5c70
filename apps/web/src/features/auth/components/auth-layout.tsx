import { Box, Center, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconCertificate, IconChartBar, IconListCheck, IconSchool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { EnvBadge } from '../../../components/env-badge';
import { usePublicSettings } from '../../../lib/public-settings';
import classes from './auth-layout.module.css';

const FEATURES = [
  { icon: IconListCheck, text: 'Inscripciones a materias y exámenes' },
  { icon: IconCalendarCheck, text: 'Asistencia, tareas y planeamiento' },
  { icon: IconCertificate, text: 'Mesas de examen y actas' },
  { icon: IconChartBar, text: 'Reportes y estado académico' },
];

/** The frame of the login and new-password screens: always left to right (spec 01 section 2). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { appName, appVersion, buildNumber } = usePublicSettings();
  return (
    <Box dir="ltr" className={classes.root}>
      <Box component="aside" className={classes.brand} aria-label="Presentación">
        <Group gap="sm">
          <div className={classes.brandMark}>
            <IconSchool size={32} stroke={1.6} />
          </div>
          <Text fw={700} fz="xl">
            {appName}
          </Text>
        </Group>
        <Stack gap="lg" maw={440}>
          <Title order={2} fz={34} lh={1.2} c="white">
            Sistema de gestión académica
          </Title>
          <Text fz="lg" c="rgba(255,255,255,0.85)">
            Inscripciones, exámenes, asistencia y reportes en un solo lugar.
          </Text>
          <List spacing="sm" center>
            {FEATURES.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                className={classes.feature}
                icon={
                  <ThemeIcon size={28} radius="xl" color="rgba(255,255,255,0.16)">
                    <Icon size={16} />
                  </ThemeIcon>
                }
              >
                {text}
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text fz="sm" c="rgba(255,255,255,0.7)">
          2021-2025 · {appName}
        </Text>
      </Box>

      <Box component="main" className={classes.content}>
        <Group justify="flex-end" gap="sm">
          <EnvBadge />
          <ColorSchemeToggle variant="icon" />
        </Group>
        <Center style={{ flex: 1 }} py="xl">
          <Paper className={classes.card} withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
        </Center>
        <Text ta="center" fz="xs" c="dimmed">
          {appName} · 2021-2025{buildNumber ? ` - Build #${buildNumber}` : ''}
          {appVersion ? ` · Versión ${appVersion}` : ''}
        </Text>
      </Box>
    </Box>
  );
}
