import { type Acta } from '@arandu/shared';
import { Letterhead as ConfiguredLetterhead } from '../../../components/letterhead';
import { formatDateTime } from '../../../lib/format';
import classes from './acta.module.css';

/** The pieces every printed acta shares: letterhead, heading table and signatures. */

export function Header({ acta, title }: { acta: Acta; title: string }) {
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

/** A signature line: the role, and under it the name of who signs (blank when the acta names nobody). */
function Signature({ role, name }: { role: string; name: string | null | undefined }) {
  return (
    <div className={classes.signature}>
      {role}
      <br />
      {name ?? ''}
    </div>
  );
}

/** Every signatory of the acta with their name: both interventors, the professor and, where it signs, the dean. */
export function Signatures({ acta, decano }: { acta: Acta; decano: boolean }) {
  const e = acta.examen;
  return (
    <div className={classes.signatures}>
      <Signature role="Interventor 1" name={e.interventor} />
      {e.interventorAuxiliar && <Signature role="Interventor 2" name={e.interventorAuxiliar} />}
      <Signature role="Profesor" name={e.profesor} />
      {decano && <Signature role="Decano" name={acta.decano} />}
    </div>
  );
}

/** The faculty's letterhead, on every page of the acta (only on paper: spec 02 section 2). */
/** Each acta page's own letterhead (issue 30): the configured one (components/letterhead.tsx). */
export function Letterhead(_: { facultad?: string }) {
  return <ConfiguredLetterhead className={classes.letterhead} />;
}
