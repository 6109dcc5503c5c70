import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MSG, MSG_OPS, Role } from '@arandu/shared';
import { auditoria, usuarioFotos, usuarios } from '../src/db/schema/index.js';
import { jpegBytes, multipart, padJpeg, peakRssGrowth, pngBytes, pngHeaderOnly } from './factories/photos.js';
import { createMateriaPeriodo, inscribir } from './factories/academic.js';
import { createCarreraWithMalla, createPeriodoOfOwnYear, createAlumnoProfile } from './factories/students.js';
import { signIn } from './factories/users.js';
import { bearer, setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
type Account = { id: number; token: string };
const who = {} as Record<
  'admin' | 'funcionario' | 'alumno' | 'otroAlumno' | 'profesor' | 'otroProfesor' | 'otroAdmin',
  Account
>;

const account = (roles: Role[]): Promise<Account> => signIn(t.app, t.db, { roles });

beforeAll(async () => {
  t = await setupTestApp();
  who.admin = await account([Role.Admin]);
  who.funcionario = await account([Role.Funcionario]);
  who.alumno = await account([Role.Alumno]);
  who.otroAlumno = await account([Role.Alumno]);
  who.profesor = await account([Role.Profesor]);
  who.otroProfesor = await account([Role.Profesor]);
  who.otroAdmin = await account([Role.Admin]);
  // The professor teaches a subject-period the student is enrolled in; the other professor does not.
  const carrera = await createCarreraWithMalla(t.db, { subjects: 2 });
  const periodo = await createPeriodoOfOwnYear(t.db);
  const taught = await createMateriaPeriodo(t.db, {
    materiaMallaId: carrera.subjects[0]!.materiaMalla.id,
    periodoId: periodo.id,
    staff: [[who.profesor.id, 'Encargado']],
  });
  await createMateriaPeriodo(t.db, {
    materiaMallaId: carrera.subjects[1]!.materiaMalla.id,
    periodoId: periodo.id,
    staff: [[who.otroProfesor.id, 'Encargado']],
  });
  const perfil = await createAlumnoProfile(t.db, who.alumno.id, carrera.malla.id);
  await inscribir(t.db, perfil.id, taught);
});
afterAll(async () => {
  await t?.close();
});

const upload = (
  token: string,
  userId: number,
  data: Buffer,
  opts: { field?: string; name?: string; type?: string } = {},
) => {
  const body = multipart(opts.field ?? 'files', opts.name ?? 'foto.jpg', opts.type ?? 'image/jpeg', data);
  return t.app.inject({
    method: 'POST',
    url: `/api/users/${userId}/photo`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const read = (token: string, userId: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${userId}/photo`, headers: bearer(token) });
const stored = async (userId: number) =>
  (await t.db.select().from(usuarioFotos).where(eq(usuarioFotos.usuarioId, userId)))[0];
const photoName = async (userId: number) =>
  (await t.db.select({ p: usuarios.photoName }).from(usuarios).where(eq(usuarios.id, userId)))[0]!.p;

describe('POST /api/users/{id}/photo', () => {
  it('re-encodes an own jpeg: longest side 1024, metadata gone, photo name set', async () => {
    const original = await jpegBytes(2000, 1500, { exif: { Copyright: 'secreto', Artist: 'GPS -25.28,-57.63' } });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(who.alumno.token, who.alumno.id, original);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.urlPhoto).toBe(`/api/users/${who.alumno.id}/photo`);
    expect(body.photoName).toMatch(/^foto-\d+-[0-9a-z]+\.jpg$/);
    expect(await photoName(who.alumno.id)).toBe(body.photoName);

    const row = await stored(who.alumno.id);
    expect(row!.mime).toBe('image/jpeg');
    const meta = await sharp(row!.fotoDatos).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
    expect(meta.exif).toBeUndefined();
    expect(row!.fotoDatos.includes(Buffer.from('secreto'))).toBe(false);

    const back = await read(who.alumno.token, who.alumno.id);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.rawPayload.equals(row!.fotoDatos)).toBe(true);
  });

  it('accepts a png (kept small ones small) and stores it as jpeg', async () => {
    const res = await upload(who.otroAlumno.token, who.otroAlumno.id, await pngBytes(300, 200, { alpha: true }), {
      name: 'yo.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await stored(who.otroAlumno.id))!.fotoDatos).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
  });

  it('accepts a 4.9 MB jpeg and refuses one over 5,000,000 bytes', async () => {
    const user = await account([Role.Alumno]);
    const base = await jpegBytes(1200, 900);
    const almost = padJpeg(base, 4_900_000);
    expect(almost.length).toBe(4_900_000);
    const ok = await upload(user.token, user.id, almost);
    expect(ok.statusCode).toBe(200);
    expect((await stored(user.id))!.bytes).toBeLessThan(1_000_000);

    const before = await stored(user.id);
    const over = await upload(user.token, user.id, padJpeg(base, 5_000_001));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: MSG.photoTooLarge, errors: { files: MSG.photoTooLarge } });
    expect((await stored(user.id))!.updatedAt).toBe(before!.updatedAt);
  });

  it('judges the content, not the name: a .png that is not an image, a gif, a truncated jpeg', async () => {
    const user = await account([Role.Alumno]);
    const notImage = await upload(user.token, user.id, Buffer.from('<?php echo "hola"; ?>'.repeat(20)), {
      name: 'foto.png',
      type: 'image/png',
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error).toBe(MSG.photoTypeInvalid);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifRes = await upload(user.token, user.id, gif, { name: 'foto.jpg', type: 'image/jpeg' });
    expect(gifRes.json().error).toBe(MSG.photoTypeInvalid);
    const jpeg = await jpegBytes(400, 300);
    const truncated = await upload(user.token, user.id, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toBe(MSG.photoTypeInvalid);
    expect(await stored(user.id)).toBeUndefined();
    expect(await photoName(user.id)).toBeNull();
  });

  it('refuses a picture whose canvas is too large to decode safely', async () => {
    const user = await account([Role.Alumno]);
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5_000_000);
    const res = await upload(user.token, user.id, bomb, { name: 'bomba.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.photoDimensionsTooLarge);
    expect(await stored(user.id)).toBeUndefined();
  });

  it('refuses a 49,000,000 x 1 png from its header, three at once, without the process growing', async () => {
    const user = await account([Role.Alumno]);
    const bomb = pngHeaderOnly(49_000_000, 1);
    expect(bomb.length).toBeLessThan(100);
    // Warm the route up first, so the measure below holds only what the three uploads cost.
    await upload(user.token, user.id, pngHeaderOnly(20_000, 1), { name: 'x.png', type: 'image/png' });
    let replies: Awaited<ReturnType<typeof upload>>[] = [];
    const growth = await peakRssGrowth(async () => {
      replies = await Promise.all(
        [1, 2, 3].map(() => upload(user.token, user.id, bomb, { name: 'linea.png', type: 'image/png' })),
      );
    });
    for (const res of replies) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MSG_OPS.photoSideTooLarge);
    }
    expect(growth).toBeLessThan(16_000_000);
    const tall = await upload(user.token, user.id, pngHeaderOnly(1, 10_001), { name: 'alta.png', type: 'image/png' });
    expect(tall.json().error).toBe(MSG_OPS.photoSideTooLarge);
    expect(await stored(user.id)).toBeUndefined();
  });

  it('asks to choose an image when no file comes in the files field', async () => {
    const user = await account([Role.Alumno]);
    const wrongField = await upload(user.token, user.id, await jpegBytes(10, 10), { field: 'foto' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toBe(MSG.photoChoose);
    const empty = await upload(user.token, user.id, Buffer.alloc(0));
    expect(empty.json().error).toBe(MSG.photoChoose);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/photo`,
      headers: bearer(user.token),
      payload: { files: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(MSG.photoChoose);
  });

  it('lets staff change a photo; others get 404, staff who are not root get 403 on an Admin', async () => {
    const image = await jpegBytes(50, 50);
    expect((await upload(who.funcionario.token, who.otroAlumno.id, image)).statusCode).toBe(200);
    const byAlumno = await upload(who.alumno.token, who.otroAlumno.id, image);
    expect(byAlumno.statusCode).toBe(404);
    expect(byAlumno.json().error).toBe(MSG.userNotFound);
    expect((await upload(who.profesor.token, who.alumno.id, image)).statusCode).toBe(404);
    const onAdmin = await upload(who.funcionario.token, who.otroAdmin.id, image);
    expect(onAdmin.statusCode).toBe(403);
    expect(await stored(who.otroAdmin.id)).toBeUndefined();
    // Another Admin's photo only the root administrator changes (admin-accounts.test.ts).
    expect((await upload(who.admin.token, who.otroAdmin.id, image)).statusCode).toBe(403);
    expect((await upload(who.admin.token, 999_999, image)).statusCode).toBe(404);
  });

  it('leaves the photo bytes out of the audit log', async () => {
    const [logged] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.nombreTabla, 'usuario_fotos'), eq(auditoria.clavePrimaria, String(who.alumno.id))));
    expect(logged).toMatchObject({ tipo: 'INSERT', usuarioId: who.alumno.id });
    expect(logged!.columnasAfectadas).toContain('foto_datos');
    expect(logged!.valoresNuevos).not.toHaveProperty('foto_datos');
  });
});

describe('GET /api/users/{id}/photo', () => {
  it('shows a student photo to the student, staff and their professors only', async () => {
    expect((await read(who.alumno.token, who.alumno.id)).statusCode).toBe(200);
    expect((await read(who.funcionario.token, who.alumno.id)).statusCode).toBe(200);
    expect((await read(who.admin.token, who.alumno.id)).statusCode).toBe(200);
    expect((await read(who.profesor.token, who.alumno.id)).statusCode).toBe(200);
    const otherProfesor = await read(who.otroProfesor.token, who.alumno.id);
    expect(otherProfesor.statusCode).toBe(404);
    expect(otherProfesor.json().error).toBe(MSG.userNotFound);
    expect((await read(who.otroAlumno.token, who.alumno.id)).statusCode).toBe(404);
    // A professor's reach is their students, not other users.
    expect((await read(who.profesor.token, who.otroAlumno.id)).statusCode).toBe(404);
    const none = await read(who.admin.token, who.profesor.id);
    expect(none.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${who.alumno.id}/photo` })).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/{id}/photo', () => {
  it('removes the own photo; someone else gets 404', async () => {
    const user = await account([Role.Alumno]);
    await upload(user.token, user.id, await jpegBytes(40, 40));
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}/photo`,
      headers: bearer(who.alumno.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await stored(user.id)).toBeDefined();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}/photo`,
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(204);
    expect(await stored(user.id)).toBeUndefined();
    expect(await photoName(user.id)).toBeNull();
    expect((await read(user.token, user.id)).statusCode).toBe(404);
  });
});
