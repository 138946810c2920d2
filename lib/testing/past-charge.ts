// Budgets count a waiting submission at what the API charged the team before for such a request (the client
// never computes a price). Tests that need that estimate record one earlier charge: a finished gamma-5-pro task
// charged 44 credits, created long before any budget period under test, so it counts in none.
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { insertTask } from "@/lib/db/tasks";

export const PAST_CHARGE_TASK = "task_past_charge";
export const PAST_CHARGE = 44;

export async function recordPastCharge(db: Kysely<Database>, userId: string): Promise<void> {
  const at = "2020-01-01T00:00:00.000Z";
  await insertTask(db, {
    id: PAST_CHARGE_TASK,
    submission_id: null,
    user_id: userId,
    model: "gamma-5-pro",
    kind: "image",
    params: JSON.stringify({ model: "gamma-5-pro", prompt: "an earlier request" }),
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
