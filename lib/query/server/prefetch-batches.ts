import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { batchRowsPage, batchSummaries, batchView } from "@/lib/batches/view";
import { AppError } from "@/lib/errors";
import { memberViewer } from "@/lib/policy/see";
import type { BatchView } from "@/lib/schemas/batches";
import type { DehydratedState } from "../cache";
import { batchKeys } from "../keys";

// What the Batches pages show first, read as their routes read it and hydrated under the keys the browser reads
// them by (lib/query/batches.ts): the list, or a batch with its first window of rows. A page asks for nothing as it loads.

export async function prefetchBatchList(user: SessionUser): Promise<DehydratedState> {
  const batches = await batchSummaries(memberViewer(user));
  return { queries: [{ queryKey: batchKeys.list, data: batches, updatedAt: Date.now() }] };
}

/** The batch and its first rows, or undefined when there is no such batch this member may see. */
export async function prefetchBatch(
  user: SessionUser,
  id: string,
  window: number,
): Promise<{ batch: BatchView; state: DehydratedState } | undefined> {
  const viewer = memberViewer(user);
  try {
    const batch = await batchView(viewer, id);
    const rows = await batchRowsPage(viewer, id, { offset: 0, limit: window });
    const updatedAt = Date.now();
    return {
      batch,
      state: {
        queries: [
          { queryKey: batchKeys.detail(id), data: batch, updatedAt },
          { queryKey: batchKeys.rows(id, null, 0), data: rows, updatedAt },
        ],
      },
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}
