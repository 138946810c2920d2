// Budgets count a waiting submission at what the API charged the team before for such a request (the client
// never computes a price). Tests that need that estimate record one earlier charge: a finished gamma-5-pro task
// charged 44 credits, created long before any budget period under test, so it counts in none. A budget knows the
// price of that exact configuration only: it is recorded twice, as BODIES.gamma() goes through the routes (the
// schema fills in the defaults) and as the engine's tests submit it (as written).
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { insertTask } from "@/lib/db/tasks";
import { generationRequestSchema } from "@/lib/models/catalogue";

export const PAST_CHARGE_TASK = "task_past_charge";
/** Both recorded charges, for a test that counts the tasks it made itself. */
export const PAST_CHARGE_TASKS = [PAST_CHARGE_TASK, `${PAST_CHARGE_TASK}_as_written`];
export const PAST_CHARGE = 44;

export async function recordPastCharge(db: Kysely<Database>, userId: string): Promise<void> {
  const at = "2020-01-01T00:00:00.000Z";
  const written = { model: "gamma-5-pro", prompt: "an earlier request" };
  for (const [id, params] of [
    [PAST_CHARGE_TASK, generationRequestSchema.parse(written)],
    [PAST_CHARGE_TASKS[1]!, written],
  ] as const)
    await insertTask(db, {
      id,
      submission_id: null,
      user_id: userId,
      model: "gamma-5-pro",
      kind: "image",
      params: JSON.stringify(params),
      prompt: "an earlier request",
      status: "succeeded",
      credits_reserved: PAST_CHARGE,
      credits_used: PAST_CHARGE,
      completed_at: at,
      archive_state: "done",
      created_at: at,
      updated_at: at,
    });
}
