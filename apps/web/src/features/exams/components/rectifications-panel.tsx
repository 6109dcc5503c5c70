import { type Examen, type FigurasActa, type InscripcionExamen, type Rectificacion } from '@arandu/shared';
import { Badge, Button, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RectificationsPanel as Panel } from '../../../components/rectification/rectifications-panel';
import { paths } from '../../../config/paths';
import { formatPercent } from '../../../lib/format';
import { useRectificaciones } from '../api/exams-api';
import { RectificationForm } from './rectification-form';

/** The figures of one side, in one cell: what decides the grade, then the grade. */
function Figures({ f }: { f: FigurasActa }) {
  return (
    <Text size="sm">
      PF {formatPercent(f.porcentajePF)} · PC {formatPercent(f.porcentajePC)} · PP {formatPercent(f.porcentajePP)} ·
      Asist. {formatPercent(f.porcentajeAsistencia)}
      <br />
      <strong>
        {f.calificacion} - {f.calificacionLetras}
      </strong>
    </Text>
  );
}

/**
 * A sealed exam's actas rectificativas beside the acta they correct: for each one the original figures and
 * the rectified ones, side by side, with its number, reason and print link. Whoever holds 'actas:rectificar'
 * may add one.
 */
export function RectificationsPanel({ exam: examen, canRectify }: { exam: Examen; canRectify: boolean }) {
  const list = useRectificaciones(examen.id);
  const rows = list.data ?? [];
  const lastOf = (row: InscripcionExamen): Rectificacion | undefined =>
    rows.filter((r) => r.inscripcionId === row.id && r.vigente).at(-1);
  const currentOf = (row: InscripcionExamen) => lastOf(row)?.nuevo ?? row;

  return (
    <Panel
      title="Actas rectificativas"
      titleOrder={2}
      intro={
        <>
          El acta {examen.nroActa} quedó sellada como está. Una nota mal registrada se corrige con un acta
          rectificativa: se sella al guardarla y pasa a ser la nota del alumno en su estado académico.
        </>
      }
      actionLabel="Rectificar acta"
      canRectify={canRectify}
      loading={list.isPending}
      failed={list.isError}
      failedText="Error al intentar cargar las actas rectificativas"
      emptyText="Esta acta no tiene rectificaciones."
      tableLabel="Actas rectificativas"
      antesHeader={`Acta ${examen.nroActa} (antes)`}
      extraHeader="Imprimir"
      minWidth={820}
      lines={rows.map((r) => ({
        id: r.id,
        nro: (
          <>
            {r.nroRectificacion}
            {!r.vigente && (
              <Badge color="red" variant="light" ml={4}>
                Reemplazada
              </Badge>
            )}
          </>
        ),
        alumno: r.alumno,
        numeroDocumento: r.numeroDocumento,
        alumnoDetail: r.instancia.label,
        antes: <Figures f={r.anterior} />,
        nuevo: <Figures f={r.nuevo} />,
        motivo: r.motivo,
        fecha: r.fecha,
        sealedBy: `${r.usuario} · ${r.codigoVerificacion}`,
        extra: (
          <Button
            variant="light"
            size="xs"
            component={Link}
            to={paths.exams.showRectificacion(examen.id, r.id)}
            leftSection={<IconPrinter size={14} />}
            aria-label={`Imprimir acta rectificativa ${r.nroRectificacion}`}
          >
            Imprimir
          </Button>
        ),
      }))}
      modalTitle="Rectificar acta"
      form={(close) => (
        <RectificationForm examenId={examen.id} inscriptos={examen.inscriptos} currentOf={currentOf} onDone={close} />
      )}
    />
  );
}
