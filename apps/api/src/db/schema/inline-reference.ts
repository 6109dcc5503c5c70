import { getTableName } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { foreignKey, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The foreign key `column REFERENCES target`, as the hand-written migrations 0006-0018 declared it inline:
 * under the name PostgreSQL gave it, `<table>_<column>_fkey` (drizzle's own `.references()` would name it
 * `<table>_<column>_<target table>_<target column>_fk`). A generated migration that drops or changes the key
 * must name the one the database has. Columns are named by the schema's snake_case casing.
 */
export function inlineReference(column: AnyPgColumn, target: AnyPgColumn) {
  const columnName = column.keyAsName ? toSnakeCase(column.name) : column.name;
  return foreignKey({
    name: `${getTableName(column.table)}_${columnName}_fkey`,
    columns: [column],
    foreignColumns: [target],
  });
}
