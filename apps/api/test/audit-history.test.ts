import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuditItem } from '@arandu/shared';
import { inscripcionesMateria } from '../src/db/schema/index.js';
import { writeTx } from '../src/db/tx.js';
import { createAlumno, createOffering, inscribir, setupAppWithEveryRole } from './factories/academic.js';
import { bearer } from './helper.js';

const { t, who } = setupAppWithEveryRole();

const history = (token: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/auditlog_history', headers: bearer(token), payload: body as object });

/** A student enrolled in a subject-period and taken out again: two audit rows of one enrolment. */
async function enrolledAndRemoved() {
  const o = await createOffering(t.db);
  const a = await createAlumno(t.db, o.malla.id, { nombre: 'Teodoro', apellido: 'Ñumbay Recalde' });
  const row = await inscribir(t.db, a.perfil.id, o.mp);
  await writeTx(t.db, null, (tx) => tx.delete(inscripcionesMateria).where(eq(inscripcionesMateria.id, row.id)));
  const [m] = (
    await t.db.execute(sql`select m.codigo, m.nombre from materias m
      join materias_malla mm on mm.materia_id = m.id where mm.id = ${o.materiaMalla.id}`)
  ).rows as { codigo: string; nombre: string }[];
  return { id: row.id, usuarioId: a.user.id, subject: `${m!.codigo} - ${m!.nombre} (A)` };
}

describe('POST /api/users/auditlog_history (issue 34 item 23)', () => {
  it("answers a record's changes, newest first, named by student and subject even once deleted", async () => {
    const r = await enrolledAndRemoved();
    await enrolledAndRemoved(); // another record's rows stay out
    const res = await history(who.funcionario.token, {
      page: 1,
      pageSize: 25,
      registros: [{ tabla: 'inscripciones_materia', ids: [r.id] }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: AuditItem[]; totalItemsCount: number }>();
    expect(body.totalItemsCount).toBe(2);
    expect(body.items.map((i) => i.tipoLabel)).toEqual(['Eliminación', 'Creación']);
    for (const i of body.items) {
      expect(i.clavePrimaria).toBe(String(r.id));
      expect(i.descripcion).toBe(`Ñumbay Recalde, Teodoro · ${r.subject}`);
    }
  });

  it('pages in SQL and joins several tables of one record', async () => {
    const r = await enrolledAndRemoved();
    const registros = [
      { tabla: 'inscripciones_materia', ids: [r.id] },
      { tabla: 'usuarios', ids: [r.usuarioId] },
    ];
    const first = (await history(who.admin.token, { page: 1, pageSize: 2, registros })).json();
    const second = (await history(who.admin.token, { page: 2, pageSize: 2, registros })).json();
    expect(first.totalItemsCount).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(second.items[0].nombreTabla).toBe('usuarios');
    expect(second.items[0].descripcion).toBe('Ñumbay Recalde, Teodoro');
  });

  it("includes a subject-period's enrolments, there or deleted since, each named by its student", async () => {
    const o = await createOffering(t.db);
    const kept = await createAlumno(t.db, o.malla.id, { nombre: 'Ana', apellido: 'Quedada' });
    const gone = await createAlumno(t.db, o.malla.id, { nombre: 'Blas', apellido: 'Retirado' });
    const keptRow = await inscribir(t.db, kept.perfil.id, o.mp);
    const goneRow = await inscribir(t.db, gone.perfil.id, o.mp);
    await writeTx(t.db, null, (tx) => tx.delete(inscripcionesMateria).where(eq(inscripcionesMateria.id, goneRow.id)));
    const other = await createOffering(t.db); // another subject-period's enrolment stays out
    await inscribir(t.db, (await createAlumno(t.db, other.malla.id)).perfil.id, other.mp);
    const res = await history(who.funcionario.token, {
      page: 1,
      pageSize: 50,
      registros: [{ tabla: 'materias_periodo', ids: [o.mp.id] }],
    });
    expect(res.statusCode).toBe(200);
    const enrolments = res
      .json<{ items: AuditItem[] }>()
      .items.filter((i) => i.nombreTabla === 'inscripciones_materia');
    expect(enrolments.map((i) => [i.clavePrimaria, i.tipoLabel])).toEqual([
      [String(goneRow.id), 'Eliminación'],
      [String(goneRow.id), 'Creación'],
      [String(keptRow.id), 'Creación'],
    ]);
    expect(enrolments[0]!.descripcion).toMatch(/^Retirado, Blas · /);
    expect(enrolments[2]!.descripcion).toMatch(/^Quedada, Ana · /);
    // The subject-period's own rows come along as before.
    expect(res.json<{ items: AuditItem[] }>().items.some((i) => i.nombreTabla === 'materias_periodo')).toBe(true);
  });

  it('is for staff only, and refuses a request without records with a Spanish message', async () => {
    const registros = [{ tabla: 'usuarios', ids: [who.alumno.user.id] }];
    expect((await history(who.profesor.token, { registros })).statusCode).toBe(403);
    expect((await history(who.alumno.token, { registros })).statusCode).toBe(403);
    const empty = await history(who.funcionario.token, { registros: [] });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Indique al menos un registro');
    const bad = await history(who.funcionario.token, { registros: [{ tabla: 'usuarios', ids: ['x'] }] });
    expect(bad.statusCode).toBe(400);
  });
});
