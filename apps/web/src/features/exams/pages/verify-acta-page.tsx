import { CALIFICACION_LABELS, type ActaVerificacion } from '@arandu/shared';
import { Alert, Anchor, Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';

function Replaced({ r }: { r: NonNullable<ActaVerificacion['reemplazada']> }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Acta reemplazada">
      Esta versión del acta fue reabierta el {formatDateTime(r.fechaReapertura)} y ya no es válida.{' '}
      {r.codigo && r.fechaSellado ? (
        <>
          La reemplazó la versión sellada el {formatDateTime(r.fechaSellado)}, con código{' '}
          <Anchor component={Link} to={paths.verifyActa(r.codigo)}>
            {r.codigo}
          </Anchor>
          .
        </>
      ) : (
        'Todavía no se selló una nueva versión.'
      )}
    </Alert>
  );
}

function Distribution({ rows }: { rows: NonNullable<ActaVerificacion['distribucion']> }) {
  return (
    <Table withTableBorder captionSide="top" maw={360}>
      <Table.Caption>Alumnos por calificación</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Calificación</Table.Th>
          <Table.Th ta="right">Alumnos</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((d) => (
          <Table.Tr key={d.calificacion}>
            <Table.Td>
              {d.calificacion} - {CALIFICACION_LABELS[d.calificacion]}
            </Table.Td>
            <Table.Td ta="right">{d.cantidad}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The actas rectificativas of the version, each verifiable by its own code (issue 43). */
function Rectifications({ rows }: { rows: ActaVerificacion['rectificaciones'] }) {
  return (
    <Table withTableBorder captionSide="top">
      <Table.Caption>Actas rectificativas de esta versión</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Número</Table.Th>
          <Table.Th>Sellada</Table.Th>
          <Table.Th>Código</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.codigo}>
            <Table.Td>{r.nroRectificacion}</Table.Td>
            <Table.Td>{formatDateTime(r.fecha)}</Table.Td>
            <Table.Td ff="monospace">
              <Anchor component={Link} to={paths.verifyActa(r.codigo)}>
                {r.codigo}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const rectificationCount = (n: number) => `${n} ${n === 1 ? 'rectificación' : 'rectificaciones'}`;

/**
 * The summary of a sealed acta, for the verification page of every document (issue 30). An acta with actas
 * rectificativas says so in its badge: the printed figures of those students no longer rule (issue 43).
 */
export function ActaVerified({ acta }: { acta: ActaVerificacion }) {
  const rectified = acta.rectificaciones.length;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Acta N° {acta.nroActa}
        </Title>
        {acta.vigente ? (
          <Badge color="teal" size="lg" leftSection={<IconCircleCheck size={14} />}>
            {rectified ? `Acta vigente con ${rectificationCount(rectified)}` : 'Acta vigente'}
          </Badge>
        ) : (
          <Badge color="red" size="lg" leftSection={<IconAlertTriangle size={14} />}>
            Acta reemplazada
          </Badge>
        )}
      </Group>
      {acta.reemplazada && <Replaced r={acta.reemplazada} />}
      <Text>
        {acta.materia}. Sellada el {formatDateTime(acta.fechaSellado)} con el código <strong>{acta.codigo}</strong>.
      </Text>
      {rectified > 0 && (
        <>
          <Text>
            {rectified === 1
              ? 'Después del sellado se selló un acta rectificativa que corrige las cifras de un alumno: para ese alumno rige la rectificación.'
              : `Después del sellado se sellaron ${rectified} actas rectificativas que corrigen las cifras de algunos alumnos: para cada uno rige su rectificación más reciente.`}
          </Text>
          <Rectifications rows={acta.rectificaciones} />
        </>
      )}
      {acta.cantidadAlumnos === null || !acta.distribucion || !acta.digesto ? (
        <Text c="dimmed">Esta versión se selló antes de que Arandu guardara el resumen de su contenido.</Text>
      ) : (
        <>
          <Text>
            Un acta impresa auténtica de esta versión lista {acta.cantidadAlumnos}{' '}
            {acta.cantidadAlumnos === 1 ? 'alumno' : 'alumnos'}, con estas calificaciones:
          </Text>
          <Distribution rows={acta.distribucion} />
          <div>
            <Text fw={600}>Resumen SHA-256 del contenido sellado</Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {acta.digesto}
            </Code>
            <Text size="sm" c="dimmed" mt={4}>
              Debe coincidir con el impreso al pie del acta. Se calcula sobre las líneas
              &quot;documento;calificación&quot; de cada alumno, ordenadas por número de documento.
            </Text>
          </div>
        </>
      )}
    </Stack>
  );
}
