// SQLite stores booleans as 0/1 (better-sqlite3 cannot bind true/false); Postgres parses '1'/'0' as
// booleans, so 1/0 is written everywhere and whatever comes back is read through Boolean().
import "server-only";
export const dbBool = (value: boolean): number => (value ? 1 : 0);
export const fromDbBool = (value: boolean | number | null | undefined): boolean => Boolean(value);

/** Dates come back as Date (Postgres) or text (SQLite); the API speaks ISO 8601 UTC. */
export const isoOf = (value: Date | string): string => new Date(value).toISOString();
