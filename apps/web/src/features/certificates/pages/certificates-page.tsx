import { CERTIFICADO_NOMBRES, CERTIFICADO_TIPOS, MSG_CERTIFICATES, type CertificadoTipo } from '@arandu/shared';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { downloadCertificado, useCertificados, useIssueCertificado } from '../api/certificates-api';

const DESCRIPTION: Record<CertificadoTipo, string> = {
  'alumno-regular': 'Carrera, malla y materias del periodo lectivo activo.',
  estudios: 'Materias aprobadas con calificación, fecha y acta; promedio y porcentaje de la malla.',
};

/**
 * 'Mis certificados' (issue 30), and the same screen for staff from a student's record
 * (`/pages/students/edit/:id/certificados`): issue, list, download the PDF, open its verification page.
 */
export function CertificatesPage() {
  const { id } = useParams();
  const perfilAlumnoId = id ? Number(id) : undefined;
  const list = useCertificados(perfilAlumnoId);
  const issue = useIssueCertificado();
  const [issuing, setIssuing] = useState<CertificadoTipo | null>(null);

  const emit = async (tipo: CertificadoTipo) => {
    setIssuing(tipo);
    try {
      const issued = await issue.mutateAsync({ tipo, ...(perfilAlumnoId ? { perfilAlumnoId } : {}) });
      toast.success(`${MSG_CERTIFICATES.issued}: ${CERTIFICADO_NOMBRES[tipo]}, código ${issued.codigo}`);
      await downloadCertificado(issued);
    } catch (error) {
      toast.error(failureMessage(error, MSG_CERTIFICATES.issueFailed));
    } finally {
      setIssuing(null);
    }
  };

  const download = async (c: { id: number; codigo: string }) => {
    try {
      await downloadCertificado(c);
    } catch (error) {
      toast.error(failureMessage(error, MSG_CERTIFICATES.notFound));
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={perfilAlumnoId ? 'Certificados del alumno' : 'Mis certificados'}
        description="Cada certificado lleva un código y un QR con los que cualquiera puede verificarlo."
        actions={
          perfilAlumnoId ? (
            <Button component={Link} to={paths.students.edit(perfilAlumnoId)} variant="default">
              Volver a la ficha
            </Button>
          ) : undefined
        }
      />
      <Group align="stretch" grow wrap="wrap">
        {CERTIFICADO_TIPOS.map((tipo) => (
          <Card key={tipo} withBorder miw={260}>
            <Stack gap="xs" h="100%" justify="space-between">
              <div>
                <Text fw={600}>{CERTIFICADO_NOMBRES[tipo]}</Text>
                <Text size="sm" c="dimmed">
                  {DESCRIPTION[tipo]}
                </Text>
              </div>
              <Button
                leftSection={<IconFileCertificate size={16} />}
                loading={issuing === tipo}
                disabled={issuing !== null && issuing !== tipo}
                onClick={() => void emit(tipo)}
              >
                Emitir {CERTIFICADO_NOMBRES[tipo].toLowerCase()}
              </Button>
            </Stack>
          </Card>
        ))}
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert color="red">{failureMessage(list.error, MSG_CERTIFICATES.notFound)}</Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">Todavía no se emitió ningún certificado.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Certificados emitidos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Certificado</Table.Th>
                <Table.Th>Código</Table.Th>
                <Table.Th>Emitido</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{CERTIFICADO_NOMBRES[c.tipo]}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.verifyActa(c.codigo)} ff="monospace">
                      {c.codigo}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDateTime(c.emitido)}</Table.Td>
                  <Table.Td>
                    {c.reemplazado ? <Badge color="gray">Reemplazado</Badge> : <Badge color="teal">Vigente</Badge>}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} />}
                      onClick={() => void download(c)}
                      aria-label={`Descargar PDF ${c.codigo}`}
                    >
                      PDF
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
