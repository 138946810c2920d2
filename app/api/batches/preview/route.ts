import { database } from "@/lib/db";
import { withUser } from "@/lib/http/handler";
import { unproxied } from "@/lib/http/unproxied";
import { planBatch, previewOf } from "@/lib/batches/plan";
import { budgetRoom } from "@/lib/policy/budgets";
import { openBatchUpload } from "@/lib/batches/upload";
import { memberViewer } from "@/lib/policy/see";

// What a batch would be, before anything is stored or sent: its rows checked by the models' own schemas, its
// expected cost and what the budgets leave. The same multipart form as POST /api/batches.
export const POST = unproxied(
  withUser({ role: "member" }, async ({ request, user }) => {
    const { meta, file, render } = await openBatchUpload(request);
    const db = database().db;
    const plan = await planBatch(db, { file, render, viewer: memberViewer(user) });
    const room = await budgetRoom(db, { userId: user.id, tokenId: null, now: new Date() });
    return Response.json(previewOf(plan, meta.format, room));
  }),
);
