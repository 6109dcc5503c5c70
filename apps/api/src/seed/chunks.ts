/** Splits rows into chunks, so a multi-row INSERT stays far below PostgreSQL's 65,535 parameters. */
export function* chunks<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
