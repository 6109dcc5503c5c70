import {
  IMPORT_ACCEPT,
  IMPORT_MAX_BYTES,
  MSG_IMPORT,
  TIPO_IMPORTACION_LABEL,
  TIPOS_IMPORTACION,
  TIPOS_IMPORTACION_ORDEN,
  type ImportFormato,
  type ImportReport,
  type TipoImportacion,
} from '@arandu/shared';
import { Alert, Button, Card, FileInput, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileUpload, IconPlayerPlay, IconTableImport } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { StaffOnly } from '../../../components/staff-only';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { CredentialLetters } from '../components/credential-letters';
import { ImportReportTable } from '../components/import-report-table';
import { downloadReport, downloadTemplate, useRunImport, type ImportModo } from '../api/run-import';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : MSG_IMPORT.unreadable);

/** The kind a link asks for ('Importar aulas' opens `?tipo=aulas`); careers, the first a new faculty brings, else. */
const kindOf = (asked: string | null): TipoImportacion =>
  TIPOS_IMPORTACION.find((t) => t === asked) ?? TIPOS_IMPORTACION_ORDEN[0]!;

/** 'Importar' (issue 31): pick a file, read its dry run, fix it, apply it whole. */
function ImportsPageContent() {
  const [searchParams] = useSearchParams();
  // Five kinds do not fit side by side on a phone: one under the other there.
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [tipo, setTipo] = useState<TipoImportacion>(() => kindOf(searchParams.get('tipo')));
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useRunImport();
  const label = TIPO_IMPORTACION_LABEL[tipo];

  const reset = () => {
    setReport(null);
    setProblem(null);
  };

  const choose = (next: File | null) => {
    reset();
    setFile(next);
    if (next && next.size > IMPORT_MAX_BYTES) setProblem(MSG_IMPORT.tooLarge);
  };

  const submit = async (modo: ImportModo) => {
    if (!file) return setProblem(MSG_IMPORT.chooseFile);
    if (modo === 'aplicar') {
      const ok = await confirmDialog({
        title: `Importar ${label.toLowerCase()}`,
        message: `Se aplicará ${(report?.filas.length ?? 0) === 1 ? 'la única fila' : `las ${report?.filas.length ?? 0} filas`} del archivo ${file.name} en una sola operación. ¿Continuar?`,
        confirmLabel: 'Sí, importar',
      });
      if (!ok) return;
    }
    setProblem(null);
    try {
      const result = await run.mutateAsync({ tipo, modo, file });
      setReport(result);
      if (result.aplicado) toast.success(MSG_IMPORT.applied);
      else if (modo === 'aplicar') setProblem(MSG_IMPORT.refused);
    } catch (error) {
      setReport(null);
      setProblem(errorText(error));
    }
  };

  const template = (formato: ImportFormato) =>
    void downloadTemplate(tipo, formato, `Plantilla ${label}.${formato}`).catch((e: unknown) =>
      toast.error(errorText(e)),
    );

  const canApply = !!report && !report.aplicado && report.resumen.errores === 0 && !run.isPending;

  return (
    <>
      <PageHeader
        title="Importar datos"
        description="Carreras, mallas, profesores y alumnos, en ese orden, y las aulas, desde planillas xlsx, ods o csv: primero una prueba, luego todo o nada."
      />
      <Stack gap="md">
        <Card withBorder>
          <Stack gap="sm">
            <SegmentedControl
              aria-label="Qué importar"
              orientation={narrow ? 'vertical' : 'horizontal'}
              fullWidth={narrow}
              value={tipo}
              onChange={(v) => {
                setTipo(v);
                reset();
              }}
              data={TIPOS_IMPORTACION_ORDEN.map((t) => ({ value: t, label: TIPO_IMPORTACION_LABEL[t] }))}
            />
            <Group gap="xs">
              <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => template('xlsx')}>
                Descargar plantilla xlsx
              </Button>
              <Button variant="subtle" leftSection={<IconDownload size={16} />} onClick={() => template('csv')}>
                Descargar plantilla csv
              </Button>
            </Group>
            <FileInput
              label="Archivo"
              description="xlsx, ods (LibreOffice) o csv separado por , o ; (UTF-8 o Windows-1252). Hasta 20.000 filas o 10 MB."
              placeholder="Seleccione un archivo"
              accept={IMPORT_ACCEPT}
              leftSection={<IconFileUpload size={16} />}
              value={file}
              onChange={choose}
              clearable
              maw={560}
            />
            <Group gap="xs">
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => void submit('prueba')}
                disabled={!file || run.isPending || (!!problem && problem === MSG_IMPORT.tooLarge)}
              >
                Probar
              </Button>
              <Button
                color="teal"
                leftSection={<IconTableImport size={16} />}
                onClick={() => void submit('aplicar')}
                disabled={!canApply}
              >
                Aplicar
              </Button>
              {report && file && (
                <Button
                  variant="subtle"
                  leftSection={<IconDownload size={16} />}
                  onClick={() =>
                    void downloadReport(tipo, file, `Informe de importación de ${label}.xlsx`).catch((e: unknown) =>
                      toast.error(errorText(e)),
                    )
                  }
                >
                  Descargar informe xlsx
                </Button>
              )}
            </Group>
            {run.isPending && (
              <Stack gap={4} role="status">
                <Text size="sm">
                  Procesando {file?.name} ({Math.ceil((file?.size ?? 0) / 1024).toLocaleString('es-PY')} KB)…
                </Text>
                <Progress value={100} animated striped aria-label="Procesando el archivo" />
              </Stack>
            )}
          </Stack>
        </Card>
        {problem && (
          <Alert color="red" title="No se importó" role="alert">
            {problem}
          </Alert>
        )}
        {report?.aplicado && (
          <Alert color="teal" title={MSG_IMPORT.applied}>
            Se crearon {report.resumen.crear} y se actualizaron {report.resumen.actualizar} registros.
          </Alert>
        )}
        {report?.credenciales && <CredentialLetters key={report.credenciales.id} entrega={report.credenciales} />}
        {report && (
          <ImportReportTable key={`${tipo}-${report.filas.length}-${report.resumen.errores}`} report={report} />
        )}
        {report && !report.aplicado && report.resumen.errores === 0 && (
          <Text size="sm" c="dimmed">
            La prueba no encontró errores: puede aplicar el archivo.
          </Text>
        )}
      </Stack>
    </>
  );
}

export function ImportsPage() {
  return (
    <StaffOnly>
      <ImportsPageContent />
    </StaffOnly>
  );
}
