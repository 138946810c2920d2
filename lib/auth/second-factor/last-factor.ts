import "server-only";
import type { Kysely } from "kysely";
import { countPasskeysOf } from "@/lib/db/passkeys";
import type { Database } from "@/lib/db/schema";
import { authenticatorAppOn } from "@/lib/db/users";

export { authenticatorAppOn };
import { AppError } from "@/lib/errors";
import { mustEnrol, secondFactorRule } from "@/lib/policy/second-factor";
import type { SessionUser } from "../session-user";

/** Whether a member has a second factor now: an authenticator app (verified) or a passkey. */
export async function hasSecondFactor(db: Kysely<Database>, { userId }: { userId: string }): Promise<boolean> {
  return (await authenticatorAppOn(db, { userId })) || (await countPasskeysOf(db, { userId })) > 0;
}

/** After a factor is removed (in its transaction): refused when the team's rule requires one and none is left. */
export async function refuseLastFactor(db: Kysely<Database>, user: SessionUser, { appRemoved = false } = {}): Promise<void> {
  const enrolled = appRemoved ? (await countPasskeysOf(db, { userId: user.id })) > 0 : await hasSecondFactor(db, { userId: user.id });
  if (mustEnrol({ rule: await secondFactorRule(db), role: user.role, enrolled }))
    throw new AppError("conflict:last_second_factor", "Your team requires a second factor: add another before removing this one.");
}
