import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** An instant, read as the ISO text PostgreSQL gives (the API formats it, never a JS Date). */
export const timestamptz = () => timestamp({ withTimezone: true, mode: 'string' });

/** A percentage 0-100 with two decimals (% Asistencia, PP, PF, PC), read as a JS number. */
export const percentage = () => numeric({ precision: 5, scale: 2, mode: 'number' });
