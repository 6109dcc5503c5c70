import { MSG_EXAMENES, type Acta, type FigurasActa, type Rectificacion } from '@arandu/shared';
import { Group } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { formatDateTime, formatDocumentNumber, formatPercent } from '../../../lib/format';
import { useActa, useRectificaciones } from '../api/exams-api';
import classes from '../components/acta.module.css';
import { Header, Letterhead, Signatures } from '../components/acta-parts';
import { ActaLoadFailed, ActaSheet } from '../components/acta-sheet';
import { VerificationQr } from '../components/verification-qr';

const ROWS: [string, (f: FigurasActa) => string][] = [
  ['% Asistencia', (f) => formatPercent(f.porcentajeAsistencia)],
  ['% PP', (f) => formatPercent(f.porcentajePP)],
  ['% PF', (f) => formatPercent(f.porcentajePF)],
  ['% PC', (f) => formatPercent(f.porcentajePC)],
  ['Calificación', (f) => `${f.calificacion} - ${f.calificacionLetras}`],
];

/** The fifth acta page (issue 30): one student's correction of a sealed acta, on A4 with its own QR code. */
function ActaRectificativa({ acta, r }: { acta: Acta; r: Rectificacion }) {
  const url = `${window.location.origin}${paths.verifyActa(r.codigoVerificacion)}`;
  return (
    <section className={classes.section}>
      <Letterhead facultad={acta.facultad} />
      <Header acta={acta} title={`ACTA RECTIFICATIVA N.º ${r.nroRectificacion}`} />
      <p>
        Rectifica el acta N.º {r.nroActa}, sellada con el código de verificación <strong>{r.codigoActa}</strong>, para
        el alumno <strong>{r.alumno}</strong> (documento {formatDocumentNumber(r.numeroDocumento)}), instancia{' '}
        {r.instancia.label}.
      </p>
      <table aria-label="Valores rectificados">
        <thead>
          <tr>
            <th>Valor</th>
            <th className={classes.num}>En el acta original</th>
            <th className={classes.num}>Rectificado</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([label, value]) => (
            <tr key={label}>
              <th>{label}</th>
              <td className={classes.num}>{value(r.anterior)}</td>
              <td className={classes.num}>{value(r.nuevo)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ marginTop: 12 }}>
        <strong>Motivo:</strong> {r.motivo}
      </p>
      <p>
        Sellada el {formatDateTime(r.fecha)} por {r.usuario}.
        {!r.vigente && ' El acta que rectifica fue reabierta: esta rectificación ya no está vigente.'}
      </p>
      <Signatures acta={acta} decano />
      <Group gap="md" mt="lg" wrap="nowrap" style={{ breakInside: 'avoid' }}>
        <VerificationQr url={url} code={r.codigoVerificacion} />
        <div>
          Código de verificación: <strong>{r.codigoVerificacion}</strong>
          <br />
          Verificar en {url}
        </div>
      </Group>
    </section>
  );
}

/** 'Acta rectificativa N.º …', printed like the other actas. */
export function RectificationActaPage() {
  const params = useParams();
  const examenId = Number(params.id);
  const rectificacionId = Number(params.rectificacionId);
  const acta = useActa(examenId, 'inscriptos');
  const list = useRectificaciones(examenId);
  if (acta.isPending || list.isPending) return <PageLoader />;
  const r = list.data?.find((x) => x.id === rectificacionId);
  if (acta.isError || list.isError || !r) {
    const title = acta.isError || list.isError ? MSG_EXAMENES.loadFailed : MSG_EXAMENES.rectificacionDesconocida;
    return <ActaLoadFailed title={title} back={paths.exams.edit(examenId)} />;
  }
  return (
    <ActaSheet examId={examenId} label="Acta rectificativa">
      <ActaRectificativa acta={acta.data} r={r} />
    </ActaSheet>
  );
}
