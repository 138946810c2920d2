import { z } from "zod";
import { withUser } from "@/lib/http/handler";
import { publicOrigin } from "@/lib/http/public-origin";
import { resultsResponse } from "@/lib/batches/results";
import { seenBatch } from "@/lib/batches/view";
import { memberViewer } from "@/lib/policy/see";

const resultsQuery = z.object({ format: z.enum(["csv", "jsonl"], { error: 'format must be "csv" or "jsonl".' }).default("csv") });

// Every row's key, task, status, credits and result links, as CSV or JSON lines, streamed.
export const GET = withUser({ query: resultsQuery }, async ({ request, user, params, query }) => {
  const viewer = memberViewer(user);
  const batch = await seenBatch(viewer, String(params.id));
  return resultsResponse(viewer, batch, { format: query.format, origin: publicOrigin(request.headers) });
});
