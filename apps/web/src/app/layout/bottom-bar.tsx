import { Group, Text } from '@mantine/core';
import { usePublicSettings } from '../../lib/public-settings';

/**
 * Application name, '2021-2025 - Build #n' (the spec's words, spec 01 line 53) and the version, said in Spanish
 * ('Versión 1.2.0', issue 43).
 */
export function BottomBar() {
  const { appName, appVersion, buildNumber } = usePublicSettings();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Text size="xs" fw={600}>
        {appName}
      </Text>
      <Text size="xs" c="dimmed" truncate="end">
        2021-2025{buildNumber ? ` - Build #${buildNumber}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {appVersion ? `Versión ${appVersion}` : ''}
      </Text>
    </Group>
  );
}
