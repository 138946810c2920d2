import "server-only";
/** A unique constraint said no (Postgres 23505, SQLite SQLITE_CONSTRAINT_UNIQUE), possibly wrapped by a library. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
