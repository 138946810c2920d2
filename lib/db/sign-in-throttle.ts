import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Counts one sign-in attempt for an address and answers how many it has made in the current window.
 * One statement (insert, or update that restarts an expired window), so concurrent attempts each count.
 */
export async function countSignInAttempt(
  db: Kysely<Database>,
  { email, now, windowMs }: { email: string; now: Date; windowMs: number },
): Promise<number> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto("sign_in_throttle")
    .values({ email, window_start: nowIso, attempts: 1 })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet((eb) => ({
        attempts: eb
          .case()
          .when("sign_in_throttle.window_start", "<", cutoff)
          .then(1)
          .else(eb("sign_in_throttle.attempts", "+", 1))
          .end(),
        window_start: eb
          .case()
          .when("sign_in_throttle.window_start", "<", cutoff)
          .then(nowIso)
          .else(eb.ref("sign_in_throttle.window_start"))
          .end(),
      })),
    )
    .returning("attempts")
    .executeTakeFirstOrThrow();
  return Number(row.attempts);
}

export async function clearSignInAttempts(db: Kysely<Database>, { email }: { email: string }): Promise<void> {
  await db.deleteFrom("sign_in_throttle").where("email", "=", email).execute();
}
