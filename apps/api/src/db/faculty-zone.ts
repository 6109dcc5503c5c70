import { FACULTY_TIME_ZONE } from '@arandu/shared';
import { sql } from 'drizzle-orm';

/**
 * The faculty's time zone (shared's FACULTY_TIME_ZONE) as an SQL literal, for `at time zone` in the queries that
 * count calendar days in Asunción. Written into the statement rather than bound, so the statements read as
 * before and a day's bounds stay constants to the planner.
 */
export const FACULTY_ZONE_LITERAL = `'${FACULTY_TIME_ZONE.replaceAll("'", "''")}'`;
export const facultyZone = sql.raw(FACULTY_ZONE_LITERAL);
