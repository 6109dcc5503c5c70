import { MSG_CERTIFICATES, type CertificadoVerificacion, type Verificacion } from '@arandu/shared';
import { Alert, Badge, Card, Center, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useVerificacion } from '../api/verify';

/** How each kind of document other than a certificate is shown (the router passes the acta's view). */
export type VerificationViews = {
  [K in Exclude<Verificacion['tipo'], 'certificado'>]: (v: Extract<Verificacion, { tipo: K }>) => ReactNode;
};

function CertificateVerified({ c }: { c: CertificadoVerificacion }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {c.nombre}
        </Title>
        {c.vigente ? (
          <Badge color="teal" size="lg" leftSection={<IconCircleCheck size={14} />}>
            Certificado vigente
          </Badge>
        ) : (
          <Badge color="red" size="lg" leftSection={<IconAlertTriangle size={14} />}>
            Certificado reemplazado
          </Badge>
        )}
      </Group>
      {c.reemplazado && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Reemplazado">
          El {formatDateTime(c.reemplazado.emitido)} se emitió un certificado nuevo del mismo tipo con otro contenido
          (por ejemplo, tras la rectificación de una calificación). Este ya no refleja el estado del alumno.
        </Alert>
      )}
      <Table withTableBorder maw={520}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>Alumno</Table.Th>
            <Table.Td>{c.alumno}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Documento</Table.Th>
            <Table.Td>{c.documento}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Emitido</Table.Th>
            <Table.Td>{formatDateTime(c.emitido)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Código</Table.Th>
            <Table.Td ff="monospace">{c.codigo}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <div>
        <Text fw={600}>Resumen SHA-256 del contenido</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {c.digesto}
        </Code>
        <Text size="sm" c="dimmed" mt={4}>
          Debe coincidir con el impreso al pie del certificado. Las calificaciones no se muestran aquí: constan en el
          documento impreso.
        </Text>
      </div>
    </Stack>
  );
}

/**
 * The public page every document's QR code opens (issue 30): no session, no grades. A code the API does not
 * know as an acta's or a certificate's is asked of `unknown` (an acta rectificativa's check, exams feature).
 */
export function VerifyPage({ views, unknown }: { views: VerificationViews; unknown?: (code: string) => ReactNode }) {
  const { code = '' } = useParams();
  const verification = useVerificacion(code);
  let content: ReactNode;
  if (verification.isPending) content = <PageLoader />;
  else if (verification.isError) {
    const error = verification.error;
    const known = error instanceof ApiError && [400, 404, 429].includes(error.status);
    const notFound = error instanceof ApiError && error.status === 404;
    content =
      notFound && unknown ? (
        unknown(code)
      ) : (
        <Alert color="red" icon={<IconAlertTriangle />} title="Verificación de documento">
          {known
            ? error.status === 429
              ? MSG_CERTIFICATES.verifyThrottled
              : MSG_CERTIFICATES.verifyUnknown
            : 'No se pudo verificar el documento. Intente de nuevo más tarde.'}
        </Alert>
      );
  } else {
    const v = verification.data;
    content = v.tipo === 'certificado' ? <CertificateVerified c={v.certificado} /> : views[v.tipo](v);
  }
  return (
    <Center p="md" mih="100vh" component="main">
      <Card withBorder padding="xl" radius="md" w="100%" maw={640}>
        <Text c="dimmed" size="sm" mb="xs">
          Verificación de documento emitido
        </Text>
        {content}
      </Card>
    </Center>
  );
}
