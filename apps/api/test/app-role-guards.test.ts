import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ENROL_MSG, type InscripcionLine } from '@arandu/shared';
import type { Tx } from '../src/db/client.js';
import { rows } from '../src/db/sql.js';
import { writeTx } from '../src/db/tx.js';
import { findPgError, REFUSAL } from '../src/lib/errors.js';
import { forgetCachedSettings } from '../src/modules/settings/settings.service.js';
import {
  addToMalla,
  createMateriaPeriodo,
  createOffering,
  createPeriodo,
  createProfesor,
  setupAppWithEveryRole,
} from './factories/academic.js';
import { createEnrolmentWorld } from './factories/enrolment.js';
import { capSection, cupoState } from './factories/seats.js';
import { injectAs } from './helper.js';

// Issue 40 item 4 (decision 017, 'Against whom each guard holds'): what the database refuses to whoever holds the
// app's credentials, by hand-written SQL over `t.db`. In .ci/run's PostgreSQL pass (MIGRATION_DATABASE_URL) that
// is a pg connection as the app's role arandu_app, which owns nothing and so can switch no trigger off; on PGlite
// the same triggers run for its one user.
const { t, who } = setupAppWithEveryRole();
const splitRun = !!process.env.MIGRATION_DATABASE_URL;

/** The SQLSTATE `statement` is refused with, run as the API's writes are (a transaction naming `userId`). */
async function refusalCode(statement: (tx: Tx) => Promise<unknown>, userId: number | null = null) {
  try {
    await writeTx(t.db, userId, statement);
  } catch (err) {
    return findPgError(err)?.code ?? String(err);
  }
  return 'not refused';
}
const run = (query: SQL, userId: number | null = null) => writeTx(t.db, userId, (tx) => tx.execute(query));

describe.runIf(splitRun)('the connection of the PostgreSQL run', () => {
  it("is the app's role: no superuser, owner of no table", async () => {
    const [me] = await rows<{ rol: string; superuser: boolean; owns: number }>(
      t.db,
      sql`select current_user as rol, r.rolsuper as superuser,
                 (select count(*) from pg_tables where schemaname = 'public' and tableowner = current_user)::int as owns
            from pg_roles r where r.rolname = current_user`,
    );
    expect(me).toMatchObject({ superuser: false, owns: 0 });
  });

  it.each([
    [
      'the published subject-periods',
      sql`alter table materias_periodo disable trigger materias_periodo_guardar_estado`,
    ],
    ['the seats', sql`alter table inscripciones_materia disable trigger inscripciones_materia_asientos`],
    ['the offers', sql`alter table lista_espera disable trigger lista_espera_oferta_en_orden`],
    ['every trigger', sql`set session_replication_role = replica`],
  ])('cannot switch off the guard of %s', async (_what, statement) => {
    expect(await refusalCode((tx) => tx.execute(statement))).toBe('42501');
  });
});

describe('a published subject-period, changed by hand-written SQL', () => {
  async function published(sealed = false) {
    const o = await createOffering(t.db);
    await run(sql`update materias_periodo set estado = 1, fecha_publicado = now() - interval '1 day',
                         fecha_expiracion = now() + interval '1 year' where id = ${o.mp.id}`);
    if (sealed) await run(sql`update materias_periodo set estado = 2, fecha_sellado = now() where id = ${o.mp.id}`);
    return o;
  }

  it.each([
    ['periodo_id', async () => sql`periodo_id = ${(await createPeriodo(t.db)).id}`],
    [
      'materia_malla_id',
      async (o: Awaited<ReturnType<typeof published>>) =>
        sql`materia_malla_id = ${(await addToMalla(t.db, o.malla.id)).id}`,
    ],
    ['fecha_publicado', async () => sql`fecha_publicado = now() - interval '30 days'`],
    ['fecha_expiracion', async () => sql`fecha_expiracion = now() + interval '20 years'`],
  ])('keeps its %s, published or sealed', async (_column, set) => {
    for (const sealed of [false, true]) {
      const o = await published(sealed);
      const change = await set(o);
      expect(
        await refusalCode((tx) => tx.execute(sql`update materias_periodo set ${change} where id = ${o.mp.id}`)),
      ).toBe(REFUSAL.subjectPublishedFrozen);
    }
  });

  it('keeps the date it was sealed on; the step that seals it stamps it', async () => {
    const o = await published(true);
    expect(
      await refusalCode((tx) =>
        tx.execute(sql`update materias_periodo set fecha_sellado = now() - interval '9 days' where id = ${o.mp.id}`),
      ),
    ).toBe(REFUSAL.subjectPublishedFrozen);
    // Still published: no date of sealing to write by hand either.
    const p = await published(false);
    expect(
      await refusalCode((tx) =>
        tx.execute(sql`update materias_periodo set fecha_sellado = now() where id = ${p.mp.id}`),
      ),
    ).toBe(REFUSAL.subjectPublishedFrozen);
  });

  it('still takes what the app changes after publishing: the section name, its Classroom code, its cap', async () => {
    const o = await published(true);
    await run(
      sql`update materias_periodo set seccion = 'Z', codigo_classroom = 'abc123', cupo = 40 where id = ${o.mp.id}`,
    );
    const [row] = await rows<{ seccion: string }>(
      t.db,
      sql`select seccion from materias_periodo where id = ${o.mp.id}`,
    );
    expect(row?.seccion).toBe('Z');
  });

  it("is refused another period by the subject-period form too, with the trigger's reason", async () => {
    const o = await published(false);
    const url = `/api/MateriasPeriodo/${o.mp.id}`;
    const got = (await injectAs(t.app, who.funcionario.token, 'GET', url)).json<Record<string, unknown>>();
    const res = await injectAs(t.app, who.funcionario.token, 'POST', '/api/MateriasPeriodo', {
      id: o.mp.id,
      mallaId: got.mallaId,
      materiaMallaId: got.materiaMallaId,
      periodoId: (await createPeriodo(t.db)).id,
      profesorId: got.profesorId,
      seccion: got.seccion,
      editarAsistencias: got.editarAsistencias,
      utilizaPorcentajePesoMateria: got.utilizaPorcentajePesoMateria,
      horarios: (got.horarios as Record<string, unknown>[]).map(({ profesor: _p, ...h }) => h),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/ya fue publicada o sellada: su materia, su periodo/);
    const [row] = await rows<{ periodoId: number }>(
      t.db,
      sql`select periodo_id as "periodoId" from materias_periodo where id = ${o.mp.id}`,
    );
    expect(row?.periodoId).toBe(o.periodoId);
  });
});

describe('a full section with students waiting, written to by hand-written SQL', () => {
  let w: Awaited<ReturnType<typeof createEnrolmentWorld>>;
  beforeAll(async () => {
    // Five students sign in for each scene, from the test's one address.
    await run(sql`update configuracion set valor = '10000' where clave = 'loginMaxIntentosPorMinutoIp'`);
    forgetCachedSettings();
    w = await createEnrolmentWorld(t.app, t.db);
  });
  type Alumno = Awaited<ReturnType<typeof w.student>>;
  const save = async (s: Alumno, materiaPeriodoId: number, inscripto = true) => {
    const res = await injectAs(t.app, s.token, 'POST', '/api/studentsubjects/save-inscription', {
      perfilAlumnoId: s.perfil.id,
      conforme: true,
      materiasModificadas: [{ materiaPeriodoId, inscripto }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InscripcionLine[]>()[0]!;
  };

  /**
   * A section of one seat: `holder` enrolled and gone, `first`, `second` and `third` waiting in that order;
   * `outsider` is on no list. `offered`: the holder left through the API and the job offered the seat to `first`;
   * otherwise the holder's row was deleted by SQL and the seat is free, not offered yet (as before the job runs).
   */
  async function scene(offered = true) {
    const profesor = await createProfesor(t.db);
    const mp = await createMateriaPeriodo(t.db, {
      materiaMallaId: w.subjects.algebra.materiaMallaId,
      periodoId: w.periodo.id,
      seccion: `G${Math.floor(Math.random() * 1e6)}`,
      staff: [[profesor.id, 'Encargado']],
      horario: true,
    });
    await capSection(t.db, mp.id, 1);
    const [holder, first, second, third, outsider] = [
      await w.student(),
      await w.student(),
      await w.student(),
      await w.student(),
      await w.student(),
    ];
    expect((await save(holder, mp.id)).success).toBe(ENROL_MSG.lineEnrolled);
    for (const s of [first, second, third]) expect((await save(s, mp.id)).listaEspera).toBeDefined();
    if (!offered) {
      await run(
        sql`delete from inscripciones_materia where perfil_alumno_id = ${holder.perfil.id} and materia_periodo_id = ${mp.id}`,
      );
      expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 0, ofrecidos: 0, esperando: 3 });
      return { mp, first, second, third, outsider };
    }
    expect((await save(holder, mp.id, false)).success).toBe(ENROL_MSG.lineUnenrolled);
    await t.app.background.drain();
    await t.app.waitlist.runOnce(new Date());
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 0, ofrecidos: 1, esperando: 2 });
    return { mp, first, second, third, outsider };
  }
  const enrol = (s: Alumno, mp: { id: number; materiaMallaId: number; periodoId: number }) =>
    sql`insert into inscripciones_materia (perfil_alumno_id, materia_periodo_id, materia_malla_id, periodo_id)
        values (${s.perfil.id}, ${mp.id}, ${mp.materiaMallaId}, ${mp.periodoId})`;
  const enrolled = async (s: Alumno, mpId: number) =>
    (
      await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from inscripciones_materia where perfil_alumno_id = ${s.perfil.id} and materia_periodo_id = ${mpId}`,
      )
    )[0]!.n;

  it('gives the free seat to no student claiming an offer with a session setting (arandu.oferta)', async () => {
    const { mp, second, outsider } = await scene(false);
    for (const s of [second, outsider]) {
      const code = await refusalCode(async (tx) => {
        await tx.execute(sql`select set_config('arandu.oferta', ${String(mp.id)}, true)`);
        await tx.execute(enrol(s, mp));
      });
      expect(code).toBe('23514');
      expect(await enrolled(s, mp.id)).toBe(0);
    }
  });

  it('gives no seat ahead of the list when its counter is rewritten to say nobody waits', async () => {
    const { mp, outsider } = await scene();
    const code = await refusalCode(async (tx) => {
      await tx.execute(
        sql`update asientos_materia_periodo set esperando = 0, ofrecidos = 0 where materia_periodo_id = ${mp.id}`,
      );
      await tx.execute(enrol(outsider, mp));
    });
    expect(code).toBe('23514');
    expect(await enrolled(outsider, mp.id)).toBe(0);
  });

  it('offers a seat to no one but the first waiting: an offer written for the last is refused', async () => {
    const { mp, third } = await scene();
    const forged = sql`update lista_espera set oferta_vence = now() + interval '1 day'
                        where materia_periodo_id = ${mp.id} and perfil_alumno_id = ${third.perfil.id}`;
    expect(await refusalCode((tx) => tx.execute(forged))).toBe(REFUSAL.offerOutOfOrder);
    const inserted = sql`insert into lista_espera (materia_periodo_id, perfil_alumno_id, oferta_vence)
                         values (${mp.id}, ${(await w.student()).perfil.id}, now() + interval '1 day')`;
    expect(await refusalCode((tx) => tx.execute(inserted))).toBe(REFUSAL.offerOutOfOrder);
  });

  it("lets over the cap only an Admin's transaction, and logs it whoever wrote the statement", async () => {
    const { mp, outsider } = await scene();
    const overbook = async (tx: Tx) => {
      await tx.execute(sql`select set_config('arandu.sobrecupo', 'on', true)`);
      await tx.execute(enrol(outsider, mp));
    };
    expect(await refusalCode(overbook)).toBe(REFUSAL.overbookingAdminOnly);
    expect(await refusalCode(overbook, who.funcionario.user.id)).toBe(REFUSAL.overbookingAdminOnly);
    await writeTx(t.db, who.admin.user.id, overbook);
    expect(await enrolled(outsider, mp.id)).toBe(1);
    const logged = await rows<{ usuarioId: number; valores: { perfilAlumnoId: number } }>(
      t.db,
      sql`select usuario_id as "usuarioId", valores_nuevos as valores from auditoria
           where nombre_tabla = 'sobrecupos' and clave_primaria = ${String(mp.id)}`,
    );
    expect(logged).toEqual([
      {
        usuarioId: who.admin.user.id,
        valores: expect.objectContaining({ perfilAlumnoId: outsider.perfil.id }) as unknown,
      },
    ]);
  });

  it('still gives the seat to the holder of the live offer, through the API', async () => {
    const { mp, first, second } = await scene();
    const url = `/api/studentsubjects/lista-espera/${mp.id}/aceptar`;
    expect((await injectAs(t.app, second.token, 'POST', url)).statusCode).toBe(400);
    const accepted = await injectAs(t.app, first.token, 'POST', url);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await cupoState(t.db, mp.id)).toMatchObject({ ocupados: 1, inscriptos: 1, ofrecidos: 0, esperando: 2 });
  });
});
