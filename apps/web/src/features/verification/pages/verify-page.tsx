import { MSG_CERTIFICATES, type CertificadoVerificacion, type Verificacion } from '@arandu/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink, IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useMembrete } from '../../../lib/membrete';
import { useVerificacion } from '../api/verify';

/** How each kind of document other than a certificate is shown (the router passes the exams feature's views). */
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
 * A code no document has (or of a kind Arandu does not verify): says so for any document, not only actas, lets
 * the person type the code again (a QR misread, a letter mistyped) and points to the faculty's own page, as
 * 'Configuración' names it (issue 43).
 */
function NotFound({ code }: { code: string }) {
  const navigate = useNavigate();
  const membrete = useMembrete();
  const [typed, setTyped] = useState(code);
  const [error, setError] = useState<string | null>(null);
  const sitio = membrete.data?.sitio;
  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertTriangle />} title="Documento no encontrado">
        {MSG_CERTIFICATES.verifyUnknown}
      </Alert>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const next = typed.trim();
          if (!next) return setError('Ingrese el código impreso en el documento');
          setError(null);
          void navigate(paths.verifyActa(next));
        }}
      >
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Código de verificación"
            description="Impreso al pie del documento, junto al código QR"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={error}
            maxLength={64}
            styles={{ input: { fontFamily: 'monospace' } }}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" mt={{ base: 0, xs: 46 }} leftSection={<IconSearch size={16} />}>
            Verificar de nuevo
          </Button>
        </Group>
      </form>
      {sitio && (
        <Text size="sm">
          Si el documento sigue sin aparecer, consulte a la facultad:{' '}
          <Anchor href={sitio} target="_blank" rel="noopener noreferrer">
            página de {membrete.data?.facultad} <IconExternalLink size={14} aria-label="(se abre en otra pestaña)" />
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

/**
 * The public page every document's QR code opens (issue 30): no session, no grades. Actas, their actas
 * rectificativas and certificates all answer through GET /api/verificar.
 */
export function VerifyPage({ views }: { views: VerificationViews }) {
  const { code = '' } = useParams();
  const verification = useVerificacion(code);
  let content: ReactNode;
  if (verification.isPending) content = <PageLoader />;
  else if (verification.isError) {
    const error = verification.error;
    const status = error instanceof ApiError ? error.status : 0;
    content =
      status === 404 || status === 400 ? (
        // Keyed by the code: typing another one and not finding it starts the form afresh.
        <NotFound key={code} code={code} />
      ) : (
        <Alert color="red" icon={<IconAlertTriangle />} title="Verificación de documento">
          {status === 429
            ? MSG_CERTIFICATES.verifyThrottled
            : 'No se pudo verificar el documento. Intente de nuevo más tarde.'}
        </Alert>
      );
  } else {
    const v = verification.data;
    content =
      v.tipo === 'certificado' ? (
        <CertificateVerified c={v.certificado} />
      ) : v.tipo === 'acta' ? (
        views.acta(v)
      ) : (
        views.rectificacion(v)
      );
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
