import { Badge } from '@mantine/core';
import { PRODUCTION_ENV, usePublicSettings } from '../lib/public-settings';

/** The environment's name, shown when it is not production (spec 01 section 9). */
export function EnvBadge() {
  const { appEnv } = usePublicSettings();
  if (!appEnv || appEnv === PRODUCTION_ENV) return null;
  return (
    <Badge color="orange" variant="filled" radius="sm" title="Entorno" data-testid="env-badge">
      {appEnv}
    </Badge>
  );
}
