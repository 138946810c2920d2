import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { unproxied } from "@/lib/http/unproxied";
import { startBatch } from "@/lib/batches/start";
import { openBatchUpload } from "@/lib/batches/upload";
import { batchSummaries, batchView } from "@/lib/batches/view";
import { memberViewer } from "@/lib/policy/see";

// Batches (issue 48). GET lists them; POST starts one from a multipart form (the `batch` JSON part, then the
// file), read as it streams: proxy.ts skips this path so Next does not copy the body (lib/http/unproxied.ts).

export const GET = unproxied(withUser({}, async ({ user }) => Response.json({ batches: await batchSummaries(memberViewer(user)) })));

export const POST = unproxied(
  // The session and role first: only members may make the server read a 20 MB file.
  withUser({ role: "member" }, async ({ request, user }) => {
    const { meta, file, render, fingerprint } = await openBatchUpload(request);
    if (!meta.batchId) throw new AppError("invalid:body", "batchId is required to start a batch.", { batchId: "Required." });
    const { batch, repeated } = await startBatch({
      starter: { user, tokenId: null },
      batchId: meta.batchId,
      name: meta.name,
      source: meta.format,
      file,
      render,
      fingerprint,
      overBudget: meta.overBudget,
      skipInvalid: meta.skipInvalid,
    });
    return Response.json({ batch: await batchView(memberViewer(user), batch.id), repeated }, { status: repeated ? 200 : 202 });
  }),
);
