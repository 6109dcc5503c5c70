/**
 * The resource names that spec 02 and 03 write literally ("GET periods /form_data", "GET subject-periods
 * /my/{id}", "GET subjects/{meshId}", "{professor-subjects}", "{inscriptions}"), on the paths Arandu serves
 * them at. A rewrite before routing, not a second copy of each route: the one route keeps its access rule,
 * its schema and its metrics, whichever name the caller used.
 */
const ALIASES: readonly (readonly [RegExp, string])[] = [
  [/^\/api\/periods(?=[/?#]|$)/i, '/api/periodos'],
  [/^\/api\/subject-periods(?=[/?#]|$)/i, '/api/MateriasPeriodo'],
  // Only "subjects of a mesh" (spec 03 section 7): /api/materias is the subject catalogue of its own.
  [/^\/api\/subjects\/(?=\d)/i, '/api/MateriasPeriodo/subjects/'],
  [/^\/api\/professor-subjects(?=[/?#]|$)/i, '/api/Professors'],
  [/^\/api\/inscriptions(?=[/?#]|$)/i, '/api/MateriasPeriodo'],
];

/** `url` with a spec alias at its start replaced by the path that serves it; any other URL unchanged. */
export function rewriteSpecAlias(url: string): string {
  for (const [alias, served] of ALIASES) {
    const rewritten = url.replace(alias, served);
    if (rewritten !== url) return rewritten;
  }
  return url;
}
