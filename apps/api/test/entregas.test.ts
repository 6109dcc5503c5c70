import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { MSG_ENTREGAS as E } from '@arandu/shared';
import { fixedClock } from '../src/lib/clock.js';
import { rows } from '../src/db/sql.js';
import { signInEveryRole } from './factories/academic.js';
import { entregasKit } from './factories/entregas.js';
import { pngBytes } from './factories/photos.js';
import { bearer, injectAs, setupTestApp, type TestContext } from './helper.js';

/** Homework handed in through Arandu (issue 46). */

const clock = fixedClock(new Date());
let t: TestContext;
let who: Awaited<ReturnType<typeof signInEveryRole>>;
beforeAll(async () => {
  t = await setupTestApp({ clock });
  who = await signInEveryRole(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
});

const { sha, pdf, form, upload, classroom, HOUR } = entregasKit(() => t, clock);

describe('homework handed in through Arandu', () => {
  it('saves the settings with their defaults and reads them back', async () => {
    const c = await classroom();
    clock.set(new Date());
    const res = await injectAs(t.app, c.profesor, 'GET', `/api/homework/homework/${c.tareaId}`);
    expect(res.json().entrega).toEqual({
      hasta: c.hasta.toISOString(),
      tipos: ['pdf', 'imagen'],
      maxArchivos: 3,
      maxMB: 20,
      atrasoHasta: new Date(c.hasta.getTime() + HOUR).toISOString(),
    });
    const bad = await injectAs(t.app, c.profesor, 'POST', '/api/homework/homework', {
      id: c.tareaId,
      materiaPeriodoId: c.mp.id,
      descripcion: 'Informe',
      fechaEntrega: '2026-04-10',
      tipoTarea: 1,
      puntajeTotal: 20,
      entrega: { hasta: c.hasta.toISOString(), tipos: ['exe'], atrasoHasta: '2020-01-01T00:00:00Z' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('takes files at the deadline second, late after it, and refuses once late work closes', async () => {
    const c = await classroom();
    const [a, b] = c.alumnos;
    clock.set(new Date(c.hasta.getTime() + 999));
    const onTime = await upload(a!.token, c.tareaId, [{ name: 'informe.pdf', data: pdf('a') }]);
    expect(onTime.statusCode, onTime.body).toBe(200);
    expect(onTime.json()).toMatchObject({
      atrasada: false,
      archivos: [{ nombre: 'informe.pdf', sha256: sha(pdf('a')) }],
    });
    clock.set(new Date(c.hasta.getTime() + 1000));
    const late = await upload(b!.token, c.tareaId, [{ name: 'informe.pdf', data: pdf('b') }]);
    expect(late.json()).toMatchObject({ atrasada: true });
    clock.set(new Date(c.hasta.getTime() + HOUR + 1000));
    const closed = await upload(b!.token, c.tareaId, [{ name: 'informe.pdf', data: pdf('c') }]);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().error).toMatch(/^La entrega cerró el \d\d\/\d\d\/\d{4}.* \d\d:\d\d:\d\d$/);
  });

  it('refuses after the deadline when no late work is taken', async () => {
    const c = await classroom({ atrasoHasta: null });
    clock.set(new Date(c.hasta.getTime() + 1000));
    const res = await upload(c.alumnos[0]!.token, c.tareaId, [{ name: 'x.pdf', data: pdf('x') }]);
    expect(res.statusCode).toBe(400);
  });

  it('reads the kind from the bytes and refuses another with the kind found', async () => {
    const c = await classroom();
    clock.set(new Date());
    const token = c.alumnos[0]!.token;
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(400)]);
    exe.writeUInt32LE(64, 60);
    const renamed = await upload(token, c.tareaId, [{ name: 'tarea.pdf', data: exe }]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toContain('El archivo tarea.pdf es un archivo EXE');
    const text = await upload(token, c.tareaId, [{ name: 'tarea.pdf', data: Buffer.from('hola, esto es texto') }]);
    expect(text.json().error).toContain('de un tipo no reconocido');
    const zip = new JSZip();
    zip.file('a.txt', 'x');
    const zipBytes = await zip.generateAsync({ type: 'nodebuffer' });
    const notAccepted = await upload(token, c.tareaId, [{ name: 'a.pdf', data: zipBytes }]);
    expect(notAccepted.json().error).toContain('ZIP');
    // A photo named .pdf is an image: taken, with its kind.
    const photo = await upload(token, c.tareaId, [{ name: 'foto.pdf', data: await pngBytes(40, 30) }]);
    expect(photo.statusCode, photo.body).toBe(200);
    const [stored] = await rows<{ tipo: string }>(
      t.db,
      sql`select tipo from entregas_archivos order by id desc limit 1`,
    );
    expect(stored!.tipo).toBe('image/png');
  });

  it('enforces the count and size limits while streaming, and keeps nothing of a refused upload', async () => {
    const c = await classroom({ maxArchivos: 2, maxMB: 1 });
    clock.set(new Date());
    const token = c.alumnos[0]!.token;
    const [{ n: before }] = (await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from archivos_contenido`,
    )) as [{ n: number }];
    const three = await upload(token, c.tareaId, [
      { name: '1.pdf', data: pdf('1') },
      { name: '2.pdf', data: pdf('2') },
      { name: '3.pdf', data: pdf('3') },
    ]);
    expect(three.statusCode).toBe(400);
    expect(three.json().error).toBe(E.demasiadosArchivos(2));
    const big = await upload(token, c.tareaId, [{ name: 'grande.pdf', data: pdf('g', 1024 * 1024 + 1) }]);
    expect(big.json().error).toBe(E.archivoMuyGrande('grande.pdf', 1));
    const exact = await upload(token, c.tareaId, [{ name: 'justo.pdf', data: pdf('j', 1024 * 1024) }]);
    expect(exact.statusCode).toBe(200);
    const [{ n: after }] = (await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from archivos_contenido`,
    )) as [{ n: number }];
    expect(after).toBe(before + 1);
    const none = await upload(token, c.tareaId, [{ name: 'x.pdf', data: pdf('x'), field: 'otro' }]);
    expect(none.statusCode).toBe(400);
  });

  it('keeps every version (who, when); the receipt and the list name the newest; the file reads back', async () => {
    const c = await classroom();
    const token = c.alumnos[0]!.token;
    clock.set(new Date(c.hasta.getTime() - 60_000));
    const first = await upload(token, c.tareaId, [{ name: 'v1.pdf', data: pdf('v1') }]);
    clock.set(new Date(c.hasta.getTime() - 30_000));
    const second = await upload(token, c.tareaId, [
      { name: 'v2.pdf', data: pdf('v2') },
      { name: 'foto.png', data: await pngBytes(20, 20) },
    ]);
    expect(second.json().entregaId).toBe(first.json().entregaId);
    const mine = (await injectAs(t.app, token, 'GET', `/api/tareas/${c.tareaId}/entregas/mia`)).json();
    expect(mine.recibo).toEqual(second.json());
    expect(mine.versiones.map((v: { numero: number }) => v.numero)).toEqual([2, 1]);
    expect(mine.versiones[1].archivos[0].nombre).toBe('v1.pdf');
    const list = (await injectAs(t.app, c.profesor, 'GET', `/api/tareas/${c.tareaId}/entregas`)).json();
    expect(list).toHaveLength(2);
    expect(list[0].archivos.map((a: { nombre: string }) => a.nombre)).toEqual(['v2.pdf', 'foto.png']);
    expect(list[1]).toMatchObject({ fecha: null, archivos: [] });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/entregas/archivos/${second.json().archivos[0].id}`,
      headers: bearer(c.profesor),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf('v2'))).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    const [mail] = await rows<{ cuerpo: string }>(
      t.db,
      sql`select cuerpo from correos_salientes where destinatario = ${c.alumnos[0]!.user.email} order by id desc limit 1`,
    );
    expect(mail!.cuerpo).toContain(sha(pdf('v2')));
    expect(mail!.cuerpo).toContain('v2.pdf');
  });

  it('a student only their own, a professor only their subject (404), staff read-only', async () => {
    const c = await classroom();
    const other = await classroom();
    clock.set(new Date());
    const res = await upload(c.alumnos[0]!.token, c.tareaId, [{ name: 'a.pdf', data: pdf('own') }]);
    const fileId = res.json().archivos[0].id;
    const get = (token: string, url: string) => injectAs(t.app, token, 'GET', url);
    expect((await get(c.alumnos[1]!.token, `/api/entregas/archivos/${fileId}`)).statusCode).toBe(404);
    expect((await get(other.profesor, `/api/entregas/archivos/${fileId}`)).statusCode).toBe(404);
    expect((await get(other.profesor, `/api/tareas/${c.tareaId}/entregas`)).statusCode).toBe(404);
    expect((await upload(other.alumnos[0]!.token, c.tareaId, [{ name: 'a.pdf', data: pdf('x') }])).statusCode).toBe(
      404,
    );
    expect((await get(other.alumnos[0]!.token, `/api/tareas/${c.tareaId}/entregas/mia`)).statusCode).toBe(404);
    expect((await get(who.funcionario.token, `/api/tareas/${c.tareaId}/entregas`)).statusCode).toBe(200);
    expect((await get(who.funcionario.token, `/api/entregas/archivos/${fileId}`)).statusCode).toBe(200);
    const perfil = c.alumnos[0]!.perfil.id;
    const staffWrite = await injectAs(
      t.app,
      who.funcionario.token,
      'PUT',
      `/api/tareas/${c.tareaId}/entregas/${perfil}/devolucion`,
      {
        texto: 'Bien',
      },
    );
    expect(staffWrite.statusCode).toBe(403);
    const foreign = await injectAs(
      t.app,
      other.profesor,
      'PUT',
      `/api/tareas/${c.tareaId}/entregas/${perfil}/devolucion`,
      {
        texto: 'Bien',
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('feedback and score reach the student only once published; the zip holds a folder per student', async () => {
    const c = await classroom();
    clock.set(new Date());
    const [a, b] = c.alumnos;
    await upload(a!.token, c.tareaId, [{ name: 'informe.pdf', data: pdf('za') }]);
    await upload(b!.token, c.tareaId, [
      { name: 'informe.pdf', data: pdf('zb') },
      { name: '../../etc/passwd.png', data: await pngBytes(10, 10) },
    ]);
    const fb = await injectAs(
      t.app,
      c.profesor,
      'PUT',
      `/api/tareas/${c.tareaId}/entregas/${a!.perfil.id}/devolucion`,
      {
        texto: 'Muy buen informe.',
      },
    );
    expect(fb.json()).toEqual({ devolucion: 'Muy buen informe.' });
    const list = (await injectAs(t.app, c.profesor, 'GET', `/api/tareas/${c.tareaId}/entregas`)).json();
    const puntaje = await injectAs(t.app, c.profesor, 'POST', '/api/homework/homework/update-score', {
      inscripcionMateriaId: list[0].alumno.inscripcionMateriaId,
      tareaMateriaId: c.tareaId,
      puntajeObtenido: 18,
    });
    expect(puntaje.statusCode).toBe(200);
    let mine = (await injectAs(t.app, a!.token, 'GET', `/api/tareas/${c.tareaId}/entregas/mia`)).json();
    expect(mine).toMatchObject({ devolucion: null, puntaje: null, devolucionesPublicadas: false });
    const publish = await injectAs(t.app, c.profesor, 'POST', `/api/tareas/${c.tareaId}/devoluciones/publicar`);
    expect(publish.statusCode).toBe(200);
    mine = (await injectAs(t.app, a!.token, 'GET', `/api/tareas/${c.tareaId}/entregas/mia`)).json();
    expect(mine).toMatchObject({ devolucion: 'Muy buen informe.', puntaje: 18, devolucionesPublicadas: true });

    const zipRes = await t.app.inject({
      method: 'GET',
      url: `/api/tareas/${c.tareaId}/entregas.zip`,
      headers: bearer(c.profesor),
    });
    expect(zipRes.statusCode).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(zipRes.rawPayload);
    const names = Object.keys(zip.files)
      .filter((n) => !zip.files[n]!.dir)
      .sort();
    const folder = (x: typeof a) => `${x!.user.apellido}, ${x!.user.nombre} - ${x!.user.numeroDocumento}`;
    expect(names).toEqual([`${folder(a)}/informe.pdf`, `${folder(b)}/informe.pdf`, `${folder(b)}/passwd.png`].sort());
    const back = await zip.file(`${folder(b)}/informe.pdf`)!.async('nodebuffer');
    expect(sha(back)).toBe(sha(pdf('zb')));
  });
});

describe('a file given back with the feedback', () => {
  const giveBack = (token: string, tareaId: number, perfilAlumnoId: number, files: Parameters<typeof form>[0]) => {
    const body = form(files);
    return t.app.inject({
      method: 'POST',
      url: `/api/tareas/${tareaId}/entregas/${perfilAlumnoId}/devolucion/archivo`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const contentCount = async (hash: string) =>
    (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from archivos_contenido where sha256 = ${hash}`))[0]!
      .n;

  it('reaches the student only once published; the professor and staff read it; nobody else (404)', async () => {
    const c = await classroom();
    const other = await classroom();
    clock.set(new Date());
    const [a, b] = c.alumnos;
    await upload(a!.token, c.tareaId, [{ name: 'informe.pdf', data: pdf('entregado') }]);
    const corregido = pdf('corregido con notas');
    const res = await giveBack(c.profesor, c.tareaId, a!.perfil.id, [
      { name: 'informe-corregido.pdf', data: corregido, field: 'archivo' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const archivo = res.json().devolucionArchivo;
    expect(archivo).toMatchObject({ nombre: 'informe-corregido.pdf', bytes: corregido.length, sha256: sha(corregido) });

    // The text feedback is saved as before, beside the file.
    const texto = await injectAs(
      t.app,
      c.profesor,
      'PUT',
      `/api/tareas/${c.tareaId}/entregas/${a!.perfil.id}/devolucion`,
      {
        texto: 'Ver las notas en el PDF.',
      },
    );
    expect(texto.json()).toEqual({ devolucion: 'Ver las notas en el PDF.' });
    const list = (await injectAs(t.app, c.profesor, 'GET', `/api/tareas/${c.tareaId}/entregas`)).json();
    const row = list.find((r: { perfilAlumnoId: number }) => r.perfilAlumnoId === a!.perfil.id);
    expect(row).toMatchObject({ devolucion: 'Ver las notas en el PDF.', devolucionArchivo: archivo });

    const get = (token: string) => injectAs(t.app, token, 'GET', `/api/devoluciones/archivos/${archivo.id}`);
    let mine = (await injectAs(t.app, a!.token, 'GET', `/api/tareas/${c.tareaId}/entregas/mia`)).json();
    expect(mine.devolucionArchivo).toBeNull();
    expect((await get(a!.token)).statusCode).toBe(404);
    expect((await get(c.profesor)).statusCode).toBe(200);
    expect((await get(who.funcionario.token)).statusCode).toBe(200);
    expect((await get(other.profesor)).statusCode).toBe(404);

    await injectAs(t.app, c.profesor, 'POST', `/api/tareas/${c.tareaId}/devoluciones/publicar`);
    mine = (await injectAs(t.app, a!.token, 'GET', `/api/tareas/${c.tareaId}/entregas/mia`)).json();
    expect(mine).toMatchObject({ devolucion: 'Ver las notas en el PDF.', devolucionArchivo: archivo });
    const file = await get(a!.token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(corregido)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.headers['content-security-policy']).toContain('sandbox');
    // Another student of the class, and one of another class, never.
    expect((await get(b!.token)).statusCode).toBe(404);
    expect((await get(other.alumnos[0]!.token)).statusCode).toBe(404);
  });

  it('checks the file as a hand-in: kind from the bytes, one file, the homework size, its own field', async () => {
    const c = await classroom({ maxMB: 1 });
    clock.set(new Date());
    const perfil = c.alumnos[0]!.perfil.id;
    const send = (files: Parameters<typeof form>[0]) => giveBack(c.profesor, c.tareaId, perfil, files);
    const text = await send([{ name: 'notas.pdf', data: Buffer.from('sólo texto'), field: 'archivo' }]);
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toContain('de un tipo no reconocido');
    expect(text.json().errors).toHaveProperty('archivo');
    const wrongField = await send([{ name: 'notas.pdf', data: pdf('x') }]);
    expect(wrongField.json().error).toBe(E.elegirArchivoDevolucion);
    const two = await send([
      { name: '1.pdf', data: pdf('1'), field: 'archivo' },
      { name: '2.pdf', data: pdf('2'), field: 'archivo' },
    ]);
    expect(two.json().error).toBe(E.unArchivoDevolucion);
    const big = await send([{ name: 'grande.pdf', data: pdf('g', 1024 * 1024 + 1), field: 'archivo' }]);
    expect(big.json().error).toBe(E.archivoMuyGrande('grande.pdf', 1));
    // Any of the four kinds, whatever the homework takes from students (here PDF and images): a zip too.
    const zip = new JSZip();
    zip.file('notas.txt', 'ver comentarios');
    const zipped = await send([
      { name: 'notas.zip', data: await zip.generateAsync({ type: 'nodebuffer' }), field: 'archivo' },
    ]);
    expect(zipped.statusCode, zipped.body).toBe(200);
  });

  it('replacing or removing the file forgets the bytes nothing else names', async () => {
    const c = await classroom();
    clock.set(new Date());
    const perfil = c.alumnos[0]!.perfil.id;
    const first = pdf('primera corrección');
    const second = pdf('segunda corrección');
    const a = await giveBack(c.profesor, c.tareaId, perfil, [{ name: 'v1.pdf', data: first, field: 'archivo' }]);
    const b = await giveBack(c.profesor, c.tareaId, perfil, [{ name: 'v2.pdf', data: second, field: 'archivo' }]);
    expect(b.json().devolucionArchivo).toMatchObject({ id: a.json().devolucionArchivo.id, nombre: 'v2.pdf' });
    expect(await contentCount(sha(first))).toBe(0);
    expect(await contentCount(sha(second))).toBe(1);
    const url = `/api/tareas/${c.tareaId}/entregas/${perfil}/devolucion/archivo`;
    const removed = await injectAs(t.app, c.profesor, 'DELETE', url);
    expect(removed.json()).toEqual({ devolucionArchivo: null });
    expect(await contentCount(sha(second))).toBe(0);
    const list = (await injectAs(t.app, c.profesor, 'GET', `/api/tareas/${c.tareaId}/entregas`)).json();
    expect(list[0].devolucionArchivo).toBeNull();
    // The same bytes as a student's hand-in are kept when the professor's copy goes.
    const own = pdf('devuelto tal cual');
    await upload(c.alumnos[0]!.token, c.tareaId, [{ name: 'mio.pdf', data: own }]);
    await giveBack(c.profesor, c.tareaId, perfil, [{ name: 'mio.pdf', data: own, field: 'archivo' }]);
    await injectAs(t.app, c.profesor, 'DELETE', url);
    expect(await contentCount(sha(own))).toBe(1);
  });

  it('is given back by the subject own professors only: staff 403, another professor or student 404', async () => {
    const c = await classroom();
    const other = await classroom();
    clock.set(new Date());
    const perfil = c.alumnos[0]!.perfil.id;
    const file = [{ name: 'n.pdf', data: pdf('n'), field: 'archivo' }];
    expect((await giveBack(who.funcionario.token, c.tareaId, perfil, file)).statusCode).toBe(403);
    expect((await giveBack(other.profesor, c.tareaId, perfil, file)).statusCode).toBe(404);
    expect((await giveBack(c.profesor, c.tareaId, other.alumnos[0]!.perfil.id, file)).statusCode).toBe(404);
    expect((await giveBack(c.alumnos[0]!.token, c.tareaId, perfil, file)).statusCode).toBe(403);
    const url = `/api/tareas/${c.tareaId}/entregas/${perfil}/devolucion/archivo`;
    expect((await injectAs(t.app, other.profesor, 'DELETE', url)).statusCode).toBe(404);
  });
});

describe("the dashboard's hand-ins due soon", () => {
  const proximas = async (token: string) =>
    (await injectAs(t.app, token, 'GET', '/api/entregas/proximas')).json<
      { tareaId: number; materiaPeriodoId: number; hasta: string; entregada: { atrasada: boolean } | null }[]
    >();

  it('lists what the student may still hand in within two weeks, with what they handed in', async () => {
    const c = await classroom();
    clock.set(new Date());
    const [a, b] = c.alumnos;
    // Another homework of the same subject, due in three weeks: not yet.
    const later = await injectAs(t.app, c.profesor, 'POST', '/api/homework/homework', {
      id: 0,
      materiaPeriodoId: c.mp.id,
      descripcion: 'Proyecto final',
      fechaEntrega: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
      tipoTarea: 1,
      puntajeTotal: 20,
      porcentajePesoMateria: null,
      entrega: { hasta: new Date(Date.now() + 21 * 86_400_000).toISOString(), tipos: ['pdf'] },
    });
    expect(later.statusCode, later.body).toBe(200);
    await upload(a!.token, c.tareaId, [{ name: 'informe.pdf', data: pdf('próxima') }]);

    const deA = (await proximas(a!.token)).filter((p) => p.materiaPeriodoId === c.mp.id);
    expect(deA).toHaveLength(1);
    expect(deA[0]).toMatchObject({ tareaId: c.tareaId, hasta: c.hasta.toISOString(), entregada: { atrasada: false } });
    const deB = (await proximas(b!.token)).find((p) => p.tareaId === c.tareaId);
    expect(deB).toMatchObject({ entregada: null });

    // In the late window it is still listed; once that closes, no more.
    clock.set(new Date(c.hasta.getTime() + 1000));
    expect((await proximas(b!.token)).some((p) => p.tareaId === c.tareaId)).toBe(true);
    clock.set(new Date(c.hasta.getTime() + HOUR + 1000));
    expect((await proximas(b!.token)).some((p) => p.tareaId === c.tareaId)).toBe(false);
    clock.set(new Date());
    // A student of another class never sees it.
    const other = await classroom();
    expect((await proximas(other.alumnos[0]!.token)).some((p) => p.tareaId === c.tareaId)).toBe(false);
  });
});
