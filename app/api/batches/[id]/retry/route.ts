import { z } from "zod";
import { withUser } from "@/lib/http/handler";
import { retryFailedRows } from "@/lib/batches/start";
import { batchView } from "@/lib/batches/view";
import { memberViewer } from "@/lib/policy/see";

const retrySchema = z.object({ batchId: z.uuid({ error: "batchId must be a UUID made by the page." }) }).strict();

// The failed rows sent again as a new batch (new submissions, new Idempotency-Keys); a resend with the same
// batchId answers the batch it made.
export const POST = withUser({ role: "member", body: retrySchema }, async ({ user, params, body }) => {
  const { batch, repeated } = await retryFailedRows(user, String(params.id), body);
  return Response.json({ batch: await batchView(memberViewer(user), batch.id), repeated }, { status: repeated ? 200 : 202 });
});
