import { CERTIFICADO_NOMBRES, CERTIFICADO_TIPOS, MSG_CERTIFICATES, type CertificadoTipo } from '@arandu/shared';
import { Alert, Anchor, Badge, Button, Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
  // The phone layout of the table (below Mantine's 'sm'), as the shell's own drawer decides it.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

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
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {CERTIFICADO_TIPOS.map((tipo) => (
          <Card key={tipo} withBorder>
            <Stack gap="xs" h="100%" justify="space-between">
              <div>
                <Text fw={600}>{CERTIFICADO_NOMBRES[tipo]}</Text>
                <Text size="sm" c="dimmed">
                  {DESCRIPTION[tipo]}
                </Text>
              </div>
              {/* The label wraps rather than being cut at 390 px ('Emitir constancia de a…', issue 43). */}
              <Button
                leftSection={<IconFileCertificate size={16} />}
                h="auto"
                mih={36}
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                loading={issuing === tipo}
                disabled={issuing !== null && issuing !== tipo}
                onClick={() => void emit(tipo)}
              >
                Emitir {CERTIFICADO_NOMBRES[tipo].toLowerCase()}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert color="red">{failureMessage(list.error, MSG_CERTIFICATES.notFound)}</Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">Todavía no se emitió ningún certificado.</Text>
      ) : (
        // No minimum width: at 390 px Estado and PDF stay on screen (issue 43); on a phone the issue date goes
        // under the certificate's name and the code wraps.
        <Table.ScrollContainer minWidth={0}>
          <Table striped aria-label="Certificados emitidos" verticalSpacing="xs" horizontalSpacing={phone ? 6 : 'sm'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Certificado</Table.Th>
                <Table.Th>Código</Table.Th>
                {!phone && <Table.Th>Emitido</Table.Th>}
                <Table.Th>Estado</Table.Th>
                <Table.Th>PDF</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    {CERTIFICADO_NOMBRES[c.tipo]}
                    {phone && (
                      <Text size="xs" c="dimmed">
                        {formatDateTime(c.emitido)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={paths.verifyActa(c.codigo)}
                      ff="monospace"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {c.codigo}
                    </Anchor>
                  </Table.Td>
                  {!phone && <Table.Td>{formatDateTime(c.emitido)}</Table.Td>}
                  <Table.Td>
                    {c.reemplazado ? (
                      <Badge color="gray" miw="max-content">
                        Reemplazado
                      </Badge>
                    ) : (
                      <Badge color="teal" miw="max-content">
                        Vigente
                      </Badge>
                    )}
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
