import type { RectificacionVerificacion } from '@arandu/shared';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';

/**
 * The public check of an acta rectificativa's code (GET /api/verificar answers it, issue 43). Shows what the
 * paper corrects (numbers, subject, dates), never the student or the figures.
 */
export function VerifiedRectification({ r }: { r: RectificacionVerificacion }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Acta rectificativa N.º {r.nroRectificacion}
        </Title>
        {r.vigente ? (
          <Badge color="teal" size="lg" leftSection={<IconCircleCheck size={14} />}>
            Rectificación vigente
          </Badge>
        ) : (
          <Badge color="red" size="lg" leftSection={<IconAlertTriangle size={14} />}>
            Rectificación reemplazada
          </Badge>
        )}
      </Group>
      <Text>
        {r.materia}. Sellada el {formatDateTime(r.fecha)} con el código <strong>{r.codigo}</strong>. Rectifica el acta
        N.º {r.nroActa}, de código{' '}
        <Anchor component={Link} to={paths.verifyActa(r.codigoActa)}>
          {r.codigoActa}
        </Anchor>
        .
      </Text>
      {!r.vigente && (
        <Text c="dimmed">
          El examen fue reabierto después: el acta sellada de nuevo reemplaza a esta rectificación.
        </Text>
      )}
    </Stack>
  );
}
