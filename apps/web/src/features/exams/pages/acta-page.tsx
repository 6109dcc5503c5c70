import { MSG_EXAMS, type Acta, type ActaAlumno, type ActaExtra } from '@arandu/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import clsx from 'clsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Letterhead } from '../../../components/letterhead';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { formatDateTime, formatDocumentNumber, formatPercent } from '../../../lib/format';
import { useActa } from '../api/exams-api';
import classes from '../components/acta.module.css';
import { QrCode } from '../components/qr-code';

/** Spec 02 section 2: the letterhead appears only while printing, 75 ms after 'Imprimir'. */
export const PRINT_DELAY_MS = 75;

export function actaExtraOf(pathname: string): ActaExtra {
  if (pathname.includes('show-recuperatorio-report')) return 'recuperatorio';
  if (pathname.includes('show-final-report')) return 'final';
  if (pathname.includes('show-all-report')) return 'all';
  return 'inscriptos';
}

const pct = (v: number | null) => formatPercent(v);

function Header({ acta, title }: { acta: Acta; title: string }) {
  const e = acta.examen;
  return (
    <>
      <h2 style={{ textAlign: 'center', margin: '4px 0 8px' }}>{title}</h2>
      <table style={{ marginBottom: 10 }}>
        <tbody>
          <tr>
            <th>Carrera</th>
            <td>{e.carrera}</td>
            <th>Acta Nº</th>
            <td>{e.nroActa}</td>
          </tr>
          <tr>
            <th>Materia</th>
            <td>
              {e.codigoMateria} - {e.materia} (Sección {e.seccion})
            </td>
            <th>Semestre</th>
            <td>{e.semestre}</td>
          </tr>
          <tr>
            <th>Periodo lectivo</th>
            <td>
              {e.periodoLectivo} · {e.periodo}
            </td>
            <th>Fecha</th>
            <td>{formatDateTime(e.fecha)}</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

function Signatures({ acta, decano }: { acta: Acta; decano: boolean }) {
  const e = acta.examen;
  return (
    <div className={classes.signatures}>
      <div className={classes.signature}>
        Interventor
        <br />
        {e.interventor}
      </div>
      <div className={classes.signature}>
        Profesor
        <br />
        {e.profesor ?? ''}
      </div>
      {decano && <div className={classes.signature}>Decano</div>}
    </div>
  );
}

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

function ActaRecuperatorio({ acta }: { acta: Acta }) {
  const label = acta.inscriptos[0]?.instancia.label ?? 'Recuperatorio';
  return (
    <Section
      acta={acta}
      title={`ACTA DE ${label.toUpperCase()}`}
      decano={false}
      head={
        <tr>
          <th>Alumno</th>
          <th className={classes.num}>% PC</th>
          <th>Observación</th>
        </tr>
      }
      row={(a) => (
        <tr key={a.id}>
          <td>
            {a.apellido}, {a.nombre}
          </td>
          <td className={classes.num}>{pct(a.porcentajePC)}</td>
          <td>{a.observacion}</td>
        </tr>
      )}
    />
  );
}

function ActaFinal({ acta }: { acta: Acta }) {
  return (
    <Section
      acta={acta}
      title="ACTA DE EXAMEN FINAL"
      decano
      head={
        <tr>
          <th>Alumno</th>
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
          <td className={classes.num}>{a.calificacionPendiente ? '' : a.calificacion}</td>
          <td>{a.calificacionLetras}</td>
          <td>{a.observacion}</td>
        </tr>
      )}
    />
  );
}

function Verification({ acta }: { acta: Acta }) {
  const code = acta.examen.codigoVerificacion;
  if (!code || !acta.examen.fechaSellado) {
    return <p style={{ marginTop: 16, fontStyle: 'italic' }}>Acta sin sellar: borrador sin validez.</p>;
  }
  const url = `${window.location.origin}${paths.verifyActa(code)}`;
  const { digesto, cantidadSellada } = acta.examen;
  return (
    <Group gap="md" mt="lg" wrap="nowrap" style={{ breakInside: 'avoid' }}>
      <QrCode value={url} label={`Código QR de verificación ${code}`} />
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
  );
}

/** The four printed records of an exam (spec 02 section 2), one page each on A4. */
export function ActaPage() {
  const { id } = useParams();
  const examId = Number(id);
  const extra = actaExtraOf(useLocation().pathname);
  const acta = useActa(examId, extra);
  const [printing, setPrinting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      clearTimeout(timer.current);
    };
  }, []);

  const print = () => {
    setPrinting(true);
    timer.current = setTimeout(() => window.print(), PRINT_DELAY_MS);
  };

  if (acta.isPending) return <PageLoader />;
  if (acta.isError) {
    return (
      <Alert color="red" title={MSG_EXAMS.loadFailed}>
        <Button component={Link} to={paths.exams.list} variant="light" mt="sm">
          Cancelar - Volver
        </Button>
      </Alert>
    );
  }
  const data = acta.data;
  return (
    <Stack gap="md">
      <Group justify="flex-end" className="no-print">
        <Button
          component={Link}
          to={paths.exams.edit(examId)}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          Cancelar - Volver
        </Button>
        <Button onClick={print} leftSection={<IconPrinter size={16} />}>
          Imprimir
        </Button>
      </Group>
      <article className={clsx(classes.sheet, printing && classes.printing)} aria-label="Acta">
        <Letterhead className={classes.letterhead} />
        {(extra === 'inscriptos' || extra === 'all') && <ListaInscriptos acta={data} />}
        {extra === 'recuperatorio' && <ActaRecuperatorio acta={data} />}
        {extra === 'all' && <ActaRecuperatorio acta={only(data, 1)} />}
        {extra === 'final' && <ActaFinal acta={data} />}
        {extra === 'all' && <ActaFinal acta={only(data, 0)} />}
        {extra !== 'inscriptos' && <Verification acta={data} />}
      </article>
    </Stack>
  );
}
