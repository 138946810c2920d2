import { withUser } from "@/lib/http/handler";
import { batchZip } from "@/lib/batches/results";
import { seenBatch } from "@/lib/batches/view";
import { memberViewer } from "@/lib/policy/see";

// A ZIP of the batch's results, each named by its row's key, streamed while it is built.
export const GET = withUser({}, async ({ request, user, params }) => {
  const viewer = memberViewer(user);
  return batchZip(viewer, await seenBatch(viewer, String(params.id)), request.signal);
});
