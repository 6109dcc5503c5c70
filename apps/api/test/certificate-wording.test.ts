import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Genero, type CertificadoContenido } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { renderCertificadoPdf } from '../src/modules/certificates/certificates.pdf.js';
import { sha256 } from '../src/modules/certificates/certificates.service.js';
import {
  createAlumno,
  createCarrera,
  createMalla,
  addToMalla,
  createMateriaPeriodo,
  createPeriodo,
  inscribir,
} from './factories/academic.js';
import { TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';
import { readPdf } from './pdf-reader.js';

// Issue 44: a certificate words the student by `genero` ('alumna', 'alumno', neutral when not recorded), and a
// certificate frozen before keeps the words it was issued with.
const URL = 'https://arandu.example.edu.py/verificar/ABCD-EFGH-JKMN-PQRS';
const alumno = {
  nombre: 'Sofía',
  apellido: 'Cáceres',
  numeroDocumento: '4812340',
  numeroLegajo: 20250001,
  carrera: 'Ingeniería Informática',
  malla: 'Plan 2023',
};
const membrete = { universidad: 'Universidad de Prueba', facultad: 'Facultad de Pruebas', decano: 'Ana Decana' };

async function textOf(contenido: CertificadoContenido) {
  const pdf = await readPdf(
    await renderCertificadoPdf({
      codigo: 'ABCD-EFGH-JKMN-PQRS',
      emitido: '2026-03-01T12:00:00Z',
      digesto: 'f'.repeat(64),
      verificationUrl: URL,
      logo: undefined,
      contenido,
    }),
  );
  return pdf.text.replace(/\s+/g, ' ');
}
const constancia = (genero?: number): CertificadoContenido => ({
  tipo: 'alumno-regular',
  membrete,
  alumno: genero === undefined ? alumno : { ...alumno, genero },
  periodo: '2026 - Primer Semestre',
  materias: [{ codigo: 'CB-101', materia: 'Cálculo I', seccion: 'A' }],
});
const estudios = (genero?: number): CertificadoContenido => ({
  tipo: 'estudios',
  membrete,
  alumno: genero === undefined ? alumno : { ...alumno, genero },
  materias: [],
  aprobadas: 0,
  materiasMalla: 40,
  porcentajeMalla: 0,
  promedio: null,
});

describe('the words of a certificate', () => {
  it("say 'alumna' of a woman", async () => {
    const regular = await textOf(constancia(Genero.Femenino));
    expect(regular).toContain('Constancia de alumna regular');
    expect(regular).toContain('es alumna regular de la carrera Ingeniería Informática');
    expect(regular).toContain('inscripta en las materias siguientes');
    expect(await textOf(estudios(Genero.Femenino))).toContain('La alumna no tiene materias aprobadas a la fecha.');
  });

  it("say 'alumno' of a man", async () => {
    const regular = await textOf(constancia(Genero.Masculino));
    expect(regular).toContain('es alumno regular de la carrera');
    expect(regular).toContain('inscripto en las materias siguientes');
    expect(await textOf(estudios(Genero.Masculino))).toContain('El alumno no tiene materias aprobadas a la fecha.');
  });

  it('are neutral when the genero is not recorded', async () => {
    const regular = await textOf(constancia(Genero.NoEspecificado));
    expect(regular).toContain('Constancia de estudiante regular');
    expect(regular).toContain('es estudiante regular de la carrera');
    expect(regular).not.toMatch(/alumn[oa] regular/);
    const none = await textOf(estudios(Genero.NoEspecificado));
    expect(none).toContain('No registra materias aprobadas a la fecha.');
    expect(none).not.toMatch(/El alumno|La alumna/);
  });

  it('keep, for a content frozen before the genero was part of it, the words it was issued with', async () => {
    expect(await textOf(constancia())).toContain('es alumno regular de la carrera');
    expect(await textOf(estudios())).toContain('El alumno no tiene materias aprobadas a la fecha.');
  });
});

describe('issuing', () => {
  let t: TestContext;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await setupTestApp({ config: { publicUrl: 'https://arandu.example.edu.py' } });
    const malla = await createMalla(t.db, (await createCarrera(t.db, { nombre: 'Ingeniería Civil' })).id);
    const mm = await addToMalla(t.db, malla.id, { semestre: 1 });
    const active = await createPeriodo(t.db, { anho: 2026, activo: true });
    const mp = await createMateriaPeriodo(t.db, { materiaMallaId: mm.id, periodoId: active.id, seccion: 'A' });
    const a = await createAlumno(t.db, malla.id, { nombre: 'Lucía', apellido: 'Ortiz' });
    userId = a.user.id;
    await t.ownerDb.execute(sql`update usuarios set genero = ${Genero.Femenino} where id = ${userId}`);
    await inscribir(t.db, a.perfil.id, mp);
    token = await login(t.app, a.user.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });
  const issue = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/certificados',
      headers: bearer(token),
      payload: { tipo: 'alumno-regular' },
    });

  it("freezes the genero with the content: a woman's constancia says 'alumna regular'; a corrected genero reissues", async () => {
    const res = await issue();
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: number }>();
    const [row] = await rows<{ contenido: string; digesto: string }>(
      t.db,
      sql`select contenido, digesto from certificados where id = ${id}`,
    );
    expect(JSON.parse(row!.contenido).alumno.genero).toBe(Genero.Femenino);
    expect(row!.digesto).toBe(sha256(row!.contenido));
    const pdf = await t.app.inject({ method: 'GET', url: `/api/certificados/${id}/pdf`, headers: bearer(token) });
    expect((await readPdf(pdf.rawPayload)).text.replace(/\s+/g, ' ')).toContain('es alumna regular de la carrera');

    // The same content again replaces nothing; the genero corrected is another content, which replaces it.
    const reemplaza = async (certificadoId: number) =>
      (
        await rows<{ reemplaza: number | null }>(
          t.db,
          sql`select reemplaza_id as reemplaza from certificados where id = ${certificadoId}`,
        )
      )[0]!.reemplaza;
    const same = (await issue()).json<{ id: number }>().id;
    expect(await reemplaza(same)).toBeNull();
    await t.ownerDb.execute(sql`update usuarios set genero = ${Genero.NoEspecificado} where id = ${userId}`);
    const again = (await issue()).json<{ id: number }>().id;
    expect(await reemplaza(again)).toBe(same);
  });
});
