import "server-only";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { setInstanceValue } from "@/lib/db/instance";
import { bumpSessionEpoch } from "@/lib/db/sessions";
import { SECOND_FACTOR_RULE_KEY, type SecondFactorRule } from "@/lib/policy/second-factor";
import type { SessionUser } from "../session-user";

/** An admin changes who must have a second factor; every session is judged again at its next request. */
export async function setSecondFactorRule(actor: SessionUser, rule: SecondFactorRule): Promise<SecondFactorRule> {
  await database()
    .db.transaction()
    .execute(async (trx) => {
      await setInstanceValue(trx, { key: SECOND_FACTOR_RULE_KEY, value: rule });
      await recordAudit(trx, { actorId: actor.id, action: "second_factor.rule", detail: { required: rule } });
      await bumpSessionEpoch(trx);
    });
  return rule;
}
