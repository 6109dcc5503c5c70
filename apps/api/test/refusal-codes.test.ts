import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENROL_MSG, MSG_TEACHING, Role } from '@arandu/shared';
import type { Tx } from '../src/db/client.js';
import { writeTx } from '../src/db/tx.js';
import { findPgError, REFUSAL, refusalOf, type RefusalCode } from '../src/lib/errors.js';
import { setupAppWithEveryRole } from './factories/academic.js';
import { createExamen, createExamenScene, examenEnrolmentBody, holdExamen } from './factories/exams.js';
import { createUser } from './factories/users.js';
import { injectAs } from './helper.js';

// Issue 33 part 4 (decision 026): each refusal of a trigger carries its own SQLSTATE, and lib/errors.ts alone
// turns it into the reply. Every refusal is provoked here by hand in SQL, as the owner of the tables (the app's
// role of the split is refused some of these statements before any trigger runs), and its reply checked.
const { t, who } = setupAppWithEveryRole();

const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  injectAs(t.app, who.funcionario.token, method, url, payload);

/** The error of `statement`, run in a transaction attributed to `userId` as the API's writes are. */
async function refused(statement: (tx: Tx) => Promise<unknown>, userId: number | null = null): Promise<unknown> {
  try {
    await writeTx(t.ownerDb, userId, statement);
  } catch (err) {
    return err;
  }
  throw new Error('the statement was not refused');
}

/** The refusal's code, and the replies a service (400) and the error handler (409) give for it. */
async function expectRefusal(
  code: RefusalCode,
  statement: (tx: Tx) => Promise<unknown>,
  opts: { userId?: number; message?: string | RegExp } = {},
) {
  const err = await refused(statement, opts.userId ?? null);
  const pg = findPgError(err);
  expect(pg?.code).toBe(code);
  const reply = refusalOf(err);
  expect(reply?.statusCode).toBe(400);
  expect(refusalOf(err, 409)?.statusCode).toBe(409);
  const message = opts.message ?? pg!.message;
  if (typeof message === 'string') expect(reply?.message).toBe(message);
  else expect(reply?.message).toMatch(message);
}

/** A sealed exam of one scored student, sealed through the API as a user seals it. */
async function sealedScene() {
  const scene = await createExamenScene(t.db, [{ porcentajeAsistencia: 90, porcentajePP: 80 }]);
  const examenId = scene.examen.id;
  const add = await call(
    'POST',
    '/api/inscripcionexamen',
    examenEnrolmentBody(examenId, [scene.alumnos[0]!.perfil.id]),
  );
  expect(add.statusCode).toBe(200);
  await holdExamen(t.db, examenId);
  const [row] = (
    await t.db.execute<{ id: number }>(sql`select id from inscripciones_examen where examen_id = ${examenId}`)
  ).rows;
  const calificacion = await call('POST', '/api/inscripcionexamen/update-score', {
    inscripcionId: row!.id,
    porcentajePF: 70,
  });
  expect(calificacion.statusCode).toBe(200);
  const stamped = await call('PUT', '/api/exams/stamp', { id: examenId });
  expect(stamped.statusCode).toBe(200);
  return { scene, examenId, rowId: row!.id, codigo: stamped.json<{ codigoVerificacion: string }>().codigoVerificacion };
}

describe("the triggers' refusals, each by its own code", () => {
  it('append-only records and tables that may not be emptied', async () => {
    const { codigo } = await sealedScene();
    await expectRefusal(REFUSAL.appendOnly, (tx) => tx.execute(sql`update auditoria set tipo = tipo`), {
      message: 'La auditoría no puede modificarse',
    });
    await expectRefusal(
      REFUSAL.appendOnly,
      (tx) => tx.execute(sql`delete from actas_selladas where codigo = ${codigo}`),
      {
        message: /actas_selladas no pueden modificarse ni borrarse/,
      },
    );
    await expectRefusal(REFUSAL.noTruncate, (tx) => tx.execute(sql`truncate auditoria`), {
      message: /auditoria no puede vaciarse/,
    });
  });

  it("a published subject-period's state, grading, enrolments and teaching", async () => {
    const { mp, alumnos } = await createExamenScene(t.db, [{ porcentajeAsistencia: 90, porcentajePP: 80 }]);
    await expectRefusal(REFUSAL.subjectStateBackwards, (tx) =>
      tx.execute(sql`update materias_periodo set estado = 0 where id = ${mp.id}`),
    );
    await expectRefusal(REFUSAL.subjectGradingFrozen, (tx) =>
      tx.execute(sql`update materias_periodo set editar_asistencias = not editar_asistencias where id = ${mp.id}`),
    );
    await expectRefusal(
      REFUSAL.subjectEnrolmentsFrozen,
      (tx) =>
        tx.execute(sql`update inscripciones_materia set porcentaje_pp = 1 where id = ${alumnos[0]!.inscripcion.id}`),
      { message: ENROL_MSG.published },
    );
    await expectRefusal(
      REFUSAL.subjectTeachingFrozen,
      (tx) =>
        tx.execute(sql`insert into tareas_materia (materia_periodo_id, descripcion, puntaje_total, fecha_entrega)
                       values (${mp.id}, 'Tarea', 10, '2026-01-01')`),
      { message: MSG_TEACHING.frozen },
    );
  });

  it("a sealed exam's scores, its deletion, change and unsealing, and a used code", async () => {
    const { examenId, rowId, codigo, scene } = await sealedScene();
    await expectRefusal(REFUSAL.examScoresSealed, (tx) =>
      tx.execute(sql`update inscripciones_examen set porcentaje_pf = 1 where id = ${rowId}`),
    );
    await expectRefusal(REFUSAL.examSealedDelete, (tx) => tx.execute(sql`delete from examenes where id = ${examenId}`));
    await expectRefusal(REFUSAL.examSealedUpdate, (tx) =>
      tx.execute(sql`update examenes set nro_acta = 'ACTA-2' where id = ${examenId}`),
    );
    await expectRefusal(REFUSAL.examReopenRequired, (tx) =>
      tx.execute(sql`update examenes set estado = 0 where id = ${examenId}`),
    );
    const other = await createExamen(t.db, scene.mp.id, scene.profesor.id);
    await expectRefusal(REFUSAL.examCodeUsed, (tx) =>
      tx.execute(sql`update examenes set estado = 1, codigo_verificacion = ${codigo}, fecha_sellado = now()
                      where id = ${other.id}`),
    );
    await expectRefusal(REFUSAL.examSealedWithoutActa, (tx) =>
      tx.execute(sql`update examenes set estado = 1, codigo_verificacion = 'NUEVO0000001', fecha_sellado = now()
                      where id = ${other.id}`),
    );
    await expectRefusal(REFUSAL.actaWithoutSealedExam, (tx) =>
      tx.execute(
        sql`insert into actas_selladas (codigo, examen_id, nro_acta) values ('NUEVO0000002', ${other.id}, 'X')`,
      ),
    );
  });

  it('reopenings and rectifications outside their rules', async () => {
    const { examenId, codigo, scene } = await sealedScene();
    const root = await createUser(t.db, { roles: [Role.Admin], esAdminRoot: true });
    const reopen = (code: string) => (tx: Tx) =>
      tx.execute(sql`insert into reaperturas_examen (examen_id, codigo_reemplazado, usuario_id, transaccion)
                     values (${examenId}, ${code}, ${root.id}, txid_current())`);
    await expectRefusal(REFUSAL.reopenRootOnly, reopen(codigo), { userId: who.admin.user.id });
    await expectRefusal(REFUSAL.reopenWrongActa, reopen('OTRO00000000'), { userId: root.id });

    const admin = who.admin.user.id;
    const rectifyExamen = (examen: number, row: number) => (tx: Tx) =>
      tx.execute(sql`insert into rectificaciones_examen (examen_id, inscripcion_examen_id, usuario_id, motivo,
                                                          codigo_verificacion, calificacion)
                     values (${examen}, ${row}, ${admin}, 'Error de transcripción', 'RECT00000001', 3)`);
    await expectRefusal(REFUSAL.rectifyForbidden, rectifyExamen(examenId, 0), { userId: who.profesor.user.id });
    const unsealed = await createExamen(t.db, scene.mp.id, scene.profesor.id);
    await expectRefusal(REFUSAL.rectifyExamNotSealed, rectifyExamen(unsealed.id, 0), { userId: admin });
    await expectRefusal(REFUSAL.rectifyExamStudentMissing, rectifyExamen(examenId, 0), { userId: admin });

    const rectifyMateria = (tx: Tx) =>
      tx.execute(sql`insert into rectificaciones_materia (materia_periodo_id, inscripcion_materia_id, usuario_id, motivo)
                     values (${scene.mp.id}, 0, ${admin}, 'Error de transcripción')`);
    await expectRefusal(REFUSAL.rectifySubjectNotSealed, rectifyMateria, { userId: admin });
    await writeTx(t.ownerDb, null, (tx) =>
      tx.execute(sql`update materias_periodo set estado = 2, fecha_sellado = now() where id = ${scene.mp.id}`),
    );
    await expectRefusal(REFUSAL.rectifySubjectStudentMissing, rectifyMateria, { userId: admin });
  });
});
