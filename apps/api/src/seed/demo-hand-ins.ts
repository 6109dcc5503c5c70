import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { dateInAsuncion } from '@arandu/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { rows } from '../db/sql.js';
import { recomputePP } from '../modules/teaching/percentages.repository.js';
import { addDays, endOf } from './calendar.js';

/**
 * Homework handed in through Arandu in the demo (issue 46), in a subject of the active period profesor@demo
 * heads and alumno@demo takes: 'Informe de laboratorio 1', closed two days ago, with late work taken until yesterday: most students
 * handed in (a few late, two replaced their files), some have feedback and a score (some a corrected PDF given
 * back), published; and 'Trabajo
 * práctico 2', due today at 23:59 ('Vence hoy 23:59'), still open for alumno@demo. The files are small
 * generated PDFs and PNGs; no random draws, so the seed stays deterministic.
 */
export async function insertDemoHandIns(
  tx: Tx,
  v: { periodoId: number; profesorId: number; alumnoUserId: number; now: Date },
) {
  const [mp] = await rows<{ id: number }>(
    tx,
    sql`select pm.materia_periodo_id as id
          from profesores_materia_periodo pm
          join materias_periodo mp on mp.id = pm.materia_periodo_id and mp.periodo_id = ${v.periodoId}
          join inscripciones_materia i on i.materia_periodo_id = mp.id
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
         where pm.usuario_id = ${v.profesorId} and pm.rol = 'Encargado'
         order by (pa.usuario_id = ${v.alumnoUserId}) desc, mp.id
         limit 1`,
  );
  if (!mp) return;
  const today = dateInAsuncion(v.now);
  const [informe, practico] = await rows<{ id: number }>(
    tx,
    sql`insert into tareas_materia (materia_periodo_id, descripcion, tipo_tarea, puntaje_total, fecha_entrega,
          entrega_hasta, entrega_tipos, entrega_max_archivos, entrega_max_mb, entrega_atraso_hasta,
          devoluciones_publicadas_en)
        values (${mp.id}, 'Informe de laboratorio 1', 1, 20, ${addDays(today, -2)}, ${endOf(addDays(today, -2))},
                array['pdf', 'imagen']::varchar[], 3, 20, ${endOf(addDays(today, -1))}, ${v.now.toISOString()}),
               (${mp.id}, 'Trabajo práctico 2', 1, 10, ${today}, ${endOf(today)},
                array['pdf', 'imagen', 'office']::varchar[], 3, 20, ${endOf(addDays(today, 2))}, null)
        returning id`,
  );
  const alumnos = await rows<{ perfilId: number; usuarioId: number; inscripcionId: number; apellido: string }>(
    tx,
    sql`select pa.id as "perfilId", pa.usuario_id as "usuarioId", i.id as "inscripcionId", u.apellido
          from inscripciones_materia i
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
          join usuarios u on u.id = pa.usuario_id
         where i.materia_periodo_id = ${mp.id}
         order by (pa.usuario_id = ${v.alumnoUserId}) desc, i.id`,
  );
  const due = Date.parse(endOf(addDays(today, -2)));
  for (const [i, a] of alumnos.entries()) {
    // One in seven handed nothing in; one in five came late; every fourth replaced the first upload.
    if (i % 7 === 6) continue;
    const late = i % 5 === 4;
    const at = due + (late ? 3 + i : -(26 - (i % 20))) * 3_600_000;
    const versions = i % 4 === 1 ? [at - 5 * 3_600_000, at] : [at];
    const [entrega] = await rows<{ id: number }>(
      tx,
      sql`insert into entregas (tarea_materia_id, perfil_alumno_id) values (${informe!.id}, ${a.perfilId}) returning id`,
    );
    for (const [n, when] of versions.entries()) {
      const files = [
        { nombre: `Informe ${a.apellido}.pdf`, data: demoPdf(`Informe de laboratorio 1 - ${a.apellido} - v${n + 1}`) },
      ];
      if (i % 3 === 0) files.push({ nombre: 'foto-mediciones.png', data: demoPng(i) });
      const [version] = await rows<{ id: number }>(
        tx,
        sql`insert into entregas_versiones (entrega_id, numero, fecha, atrasada, subida_por)
            values (${entrega!.id}, ${n + 1}, ${new Date(when).toISOString()}, ${when > due}, ${a.usuarioId})
            returning id`,
      );
      for (const [orden, f] of files.entries()) {
        const sha256 = await storeContent(tx, f.data);
        const tipo = f.nombre.endsWith('.png') ? 'image/png' : 'application/pdf';
        await tx.execute(sql`insert into entregas_archivos (version_id, orden, nombre, bytes, sha256, tipo)
          values (${version!.id}, ${orden}, ${f.nombre}, ${f.data.length}, ${sha256}, ${tipo})`);
      }
    }
    // Feedback and a score for the first ten who handed in (alumno@demo first); a corrected copy of the
    // report given back to every third of them (alumno@demo included).
    if (i < 10) {
      const puntaje = 12 + ((i * 7) % 9);
      await tx.execute(sql`update entregas set devolucion = ${FEEDBACK[i % FEEDBACK.length]!}, devolucion_por = ${v.profesorId},
        devolucion_en = ${v.now.toISOString()} where id = ${entrega!.id}`);
      if (i % 3 === 0) {
        const corregido = demoPdf(`Informe de laboratorio 1 - ${a.apellido} - corregido: ver las notas al margen`);
        const sha256 = await storeContent(tx, corregido);
        await tx.execute(sql`insert into devoluciones_archivos (entrega_id, nombre, bytes, sha256, tipo, subido_por, subido_en)
          values (${entrega!.id}, ${`Informe ${a.apellido} - corregido.pdf`}, ${corregido.length}, ${sha256},
                  'application/pdf', ${v.profesorId}, ${v.now.toISOString()})`);
      }
      await tx.execute(sql`insert into tareas_materia_alumnos (tarea_materia_id, inscripcion_materia_id, puntaje_obtenido)
        values (${informe!.id}, ${a.inscripcionId}, ${puntaje})`);
    }
  }
  void practico;
  await recomputePP(tx, { materiaPeriodoId: mp.id });
}

const FEEDBACK = [
  'Muy buen informe: las mediciones están bien tabuladas. Falta discutir la fuente del error sistemático.',
  'Correcto en general. Revise las unidades de la tabla 2 y cite el método usado para el ajuste.',
  'Buen trabajo. La conclusión repite el objetivo: diga qué aprendió de los datos.',
  'El gráfico no tiene ejes rotulados. Lo demás está bien.',
  'Excelente presentación y análisis.',
];

/** Stores the bytes by their SHA-256 as the storage does (one part: the demo files are small). */
async function storeContent(tx: Tx, data: Buffer): Promise<string> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into archivos_contenido (sha256, bytes) values (${sha256}, ${data.length})
        on conflict (sha256) do nothing returning id`,
  );
  if (row) await tx.execute(sql`insert into archivos_partes (contenido_id, n, datos) values (${row.id}, 0, ${data})`);
  return sha256;
}

/** A one-page PDF with one line of text (its cross-reference table computed, so every reader opens it). */
export function demoPdf(text: string): Buffer {
  const safe = text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[()\\]/g, '');
  const stream = `BT /F1 16 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A small PNG of stripes whose colours follow `seed`: a 'photo' of the measurements. */
export function demoPng(seed: number, width = 120, height = 80): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      const band = Math.floor((x + y + seed * 7) / 10) % 3;
      raw[at] = band === 0 ? 230 : 40 + seed * 13;
      raw[at + 1] = band === 1 ? 200 : 90;
      raw[at + 2] = band === 2 ? 220 : 60;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
