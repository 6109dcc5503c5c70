import { MSG_EXAMENES, type Acta, type ActaAlumno, type ActaExtra } from '@arandu/shared';
import { Group } from '@mantine/core';
import { type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { formatDateTime, formatDocumentNumber, formatPercent } from '../../../lib/format';
import { useActa } from '../api/exams-api';
import classes from '../components/acta.module.css';
import { Header, Letterhead, Signatures } from '../components/acta-parts';
import { VerificationQr } from '../components/verification-qr';
import { ActaLoadFailed, ActaSheet } from '../components/acta-sheet';

export function actaExtraOf(pathname: string): ActaExtra {
  if (pathname.includes('show-recuperatorio-report')) return 'recuperatorio';
  if (pathname.includes('show-final-report')) return 'final';
  if (pathname.includes('show-all-report')) return 'all';
  return 'inscriptos';
}

const pct = (v: number | null) => formatPercent(v);

function Section({
  acta,
  title,
  decano,
  head,
  row,
}: {
  acta: Acta;
  title: string;
  decano: boolean;
  head: ReactNode;
  row: (a: ActaAlumno, i: number) => ReactNode;
}) {
  return (
    <section className={classes.section}>
      <Letterhead facultad={acta.facultad} />
      <Header acta={acta} title={title} />
      <table>
        <thead>{head}</thead>
        <tbody>
          {acta.inscriptos.map(row)}
          {acta.inscriptos.length === 0 && (
            <tr>
              <td colSpan={6}>Sin alumnos</td>
            </tr>
          )}
        </tbody>
      </table>
      <Signatures acta={acta} decano={decano} />
      <Verification acta={acta} />
    </section>
  );
}

const only = (acta: Acta, instancia: number): Acta => ({
  ...acta,
  inscriptos: acta.inscriptos.filter((i) => i.instancia.value === instancia),
});

function ListaInscriptos({ acta }: { acta: Acta }) {
  return (
    <Section
      acta={acta}
      title="LISTA DE INSCRIPTOS"
      decano
      head={
        <tr>
          <th>Nº</th>
          <th>Alumno</th>
          <th>Nº Documento</th>
          <th className={classes.num}>% Asistencia</th>
          <th className={classes.num}>% PP</th>
          <th>Instancia</th>
        </tr>
      }
      row={(a, i) => (
        <tr key={a.id}>
          <td>{i + 1}</td>
          <td>
            {a.apellido}, {a.nombre}
          </td>
          <td>{formatDocumentNumber(a.numeroDocumento)}</td>
          <td className={classes.num}>{pct(a.porcentajeAsistencia)}</td>
          <td className={classes.num}>{pct(a.porcentajePP)}</td>
          <td>{a.instancia.label}</td>
        </tr>
      )}
    />
  );
}

/** The grade sheet of a final or a make-up (recuperatorio) exam: the make-up's shows the % PC it was taken on. */
function ActaCalificaciones({ acta, recuperatorio }: { acta: Acta; recuperatorio: boolean }) {
  const label = acta.inscriptos[0]?.instancia.label ?? 'Recuperatorio';
  return (
    <Section
      acta={acta}
      title={recuperatorio ? `ACTA DE ${label.toUpperCase()}` : 'ACTA DE EXAMEN FINAL'}
      decano={!recuperatorio}
      head={
        <tr>
          <th>Alumno</th>
          {recuperatorio && <th className={classes.num}>% PC</th>}
          <th className={classes.num}>Calificación</th>
          <th>En letras</th>
          <th>Observación</th>
        </tr>
      }
      row={(a) => (
        <tr key={a.id}>
          <td>
            {a.apellido}, {a.nombre}
          </td>
          {recuperatorio && <td className={classes.num}>{pct(a.porcentajePC)}</td>}
          <td className={classes.num}>{a.calificacionPendiente ? '' : a.calificacion}</td>
          <td>{a.calificacionLetras}</td>
          <td>{a.observacion}</td>
        </tr>
      )}
    />
  );
}

/** On the acta that replaces a reopened one: which version it replaces, under which resolution and why. */
function Replaces({ reapertura }: { reapertura: NonNullable<Acta['examen']['reapertura']> }) {
  return (
    <p style={{ marginTop: 12 }}>
      Reemplaza al acta con código {reapertura.codigoReemplazado}, reabierta el {formatDateTime(reapertura.fecha)}
      {reapertura.resolucion ? ` por Resolución N.º ${reapertura.resolucion}` : ''}
      {reapertura.motivo ? `. Motivo: ${reapertura.motivo}` : ''}.
    </p>
  );
}

function Verification({ acta }: { acta: Acta }) {
  const code = acta.examen.codigoVerificacion;
  if (!code || !acta.examen.fechaSellado) {
    return <p style={{ marginTop: 16, fontStyle: 'italic' }}>Acta sin sellar: borrador sin validez.</p>;
  }
  const reapertura = acta.examen.reapertura;
  const url = `${window.location.origin}${paths.verifyActa(code)}`;
  const { digesto, cantidadSellada } = acta.examen;
  return (
    <>
      {reapertura && <Replaces reapertura={reapertura} />}
      <Group gap="md" mt="lg" wrap="nowrap" style={{ breakInside: 'avoid' }}>
        <VerificationQr url={url} code={code} />
        <div>
          Sellada el {formatDateTime(acta.examen.fechaSellado)}. Código de verificación: <strong>{code}</strong>
          <br />
          Verificar en {url}
          {digesto && (
            <>
              <br />
              Contenido sellado: {cantidadSellada} {cantidadSellada === 1 ? 'alumno' : 'alumnos'}. Resumen SHA-256:{' '}
              <span className={classes.digest}>{digesto}</span>
            </>
          )}
        </div>
      </Group>
    </>
  );
}

/** The four printed records of an exam (spec 02 section 2), one page each on A4. */
export function ActaPage() {
  const { id } = useParams();
  const examenId = Number(id);
  const extra = actaExtraOf(useLocation().pathname);
  const acta = useActa(examenId, extra);
  if (acta.isPending) return <PageLoader />;
  if (acta.isError) return <ActaLoadFailed title={MSG_EXAMENES.loadFailed} back={paths.exams.list} />;
  const data = acta.data;
  return (
    <ActaSheet examId={examenId} label="Acta">
      {(extra === 'inscriptos' || extra === 'all') && <ListaInscriptos acta={data} />}
      {extra === 'recuperatorio' && <ActaCalificaciones acta={data} recuperatorio />}
      {extra === 'all' && <ActaCalificaciones acta={only(data, 1)} recuperatorio />}
      {extra === 'final' && <ActaCalificaciones acta={data} recuperatorio={false} />}
      {extra === 'all' && <ActaCalificaciones acta={only(data, 0)} recuperatorio={false} />}
    </ActaSheet>
  );
}
