import { withUser } from "@/lib/http/handler";
import { batchRowsPage } from "@/lib/batches/view";
import { memberViewer } from "@/lib/policy/see";
import { batchRowsQuerySchema } from "@/lib/schemas/batches";

// A window of a batch's rows in line order, filtered by status: the batch page's table asks as it scrolls.
export const GET = withUser({ query: batchRowsQuerySchema }, async ({ user, params, query }) =>
  Response.json(await batchRowsPage(memberViewer(user), String(params.id), query)),
);
