import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EstadoExamen, EstadoPublicacion } from '@arandu/shared';
import { rows } from '../../src/db/sql.js';
import { setupTestApp, type TestContext } from '../helper.js';

/**
 * The triggers write the states as numbers ('Sellado' is 2 for a subject-period and 1 for an exam): what each
 * function of the migrated database compares, written here from enums.ts. A state renumbered in enums.ts, or a
 * function that compares a state this table does not know, fails here instead of silently meaning another state.
 */
const { Preliminar, Publicado } = EstadoPublicacion;
const MateriaSellada = EstadoPublicacion.Sellado;
const { Activo, Sellado, Inconsistente } = EstadoExamen;
const EXPECTED: Record<string, string[]> = {
  // Its sealing date is set only by the step that seals (0045).
  materias_periodo_guardar_estado: [
    `OLD.estado > ${Preliminar}`,
    `OLD.estado = ${Publicado}`,
    `NEW.estado = ${MateriaSellada}`,
  ],
  inscripciones_materia_guardar_publicada: [`mp.estado > ${Preliminar}`],
  ensenanza_guardar_publicada: [`mp.estado > ${Preliminar}`],
  inscripciones_examen_guardar: [`e.estado = ${Sellado}`],
  inscripciones_examen_estado_examen: [`THEN ${Inconsistente} ELSE ${Activo}`, `e.estado <> ${Sellado}`],
  examenes_guardar_sellado: [`OLD.estado = ${Sellado}`, `NEW.estado = ${Sellado}`],
  examenes_sellado_con_acta: [`NEW.estado = ${Sellado}`],
  actas_selladas_registrar: [`e.estado = ${Sellado}`],
  reaperturas_examen_registrar: [`e.estado = ${Sellado}`],
  rectificaciones_examen_registrar: [`e.estado = ${Sellado}`],
  rectificaciones_materia_registrar: [`mp.estado = ${MateriaSellada}`],
};

/** A state compared with a literal number: `x.estado = 1`, `estado > 0`, `estado <> 1`. */
const STATE_LITERAL = /\b(?:\w+\.)?estado\s*(?:=|<>|>=|<=|>|<)\s*\d+/gi;

let t: TestContext;
let functions: Map<string, string>;

beforeAll(async () => {
  t = await setupTestApp();
  const found = await rows<{ name: string; source: string }>(
    t.db,
    sql`select p.proname as name, p.prosrc as source
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'`,
  );
  functions = new Map(found.map((f) => [f.name, f.source]));
});
afterAll(async () => {
  await t?.close();
});

describe("the database's state numbers are enums.ts's", () => {
  it.each(Object.entries(EXPECTED))('%s compares the states enums.ts names', (name, snippets) => {
    const source = functions.get(name);
    expect(source, `function ${name}`).toBeDefined();
    const flat = source!.replace(/\s+/g, ' ');
    for (const snippet of snippets) expect(flat).toContain(snippet);
  });

  it('no other function compares a state with a number this test does not know', () => {
    const unknown: string[] = [];
    for (const [name, source] of functions) {
      const declared = EXPECTED[name] ?? [];
      for (const [literal] of source.matchAll(STATE_LITERAL)) {
        const flat = literal.replace(/\s+/g, ' ');
        if (!declared.some((d) => d === flat)) unknown.push(`${name}: ${flat}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
