import { sql, type SQL } from 'drizzle-orm';

/**
 * A document number in a label built by SQL, grouped as every screen shows it ('4858380' -> '4.858.380',
 * issue 34 item 18); a document with anything but digits stays as it is. Dots go in from the right:
 * reversed, a dot after each three digits followed by another, reversed back.
 */
export function documentoLabel(column: SQL): SQL {
  return sql`(case when ${column} ~ '^[0-9]+$'
    then reverse(regexp_replace(reverse(regexp_replace(${column}, '^0+(?=[0-9])', '')), '([0-9]{3})(?=[0-9])', '\\1.', 'g'))
    else ${column} end)`;
}
