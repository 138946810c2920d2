// A batch started the way POST /api/batches starts one (lib/batches/start.ts startBatch: the file read, every
// row rendered and checked, then stored in one transaction), from a generated CSV of `rows` rows, without the
// HTTP form around it. lib/batches/crash.test.ts and the process it kills (bench/batch-crash-child.ts) both
// start the same batch with it, so a resend in the test is the same batch as the one the killed process began.
import "server-only";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { SessionUser } from "@/lib/auth/session";
import { openBatchFile } from "@/lib/batches/parse";
import { rowRenderer } from "@/lib/batches/rows";
import { startBatch } from "@/lib/batches/start";
import type { BatchRecipe } from "@/lib/schemas/batches";

export const CRASH_BATCH_USER: SessionUser = { id: "user_batch_crash", name: "Crash Test", email: "crash@example.com", role: "member" };

const RECIPE: BatchRecipe = { model: "gamma-5-pro", fields: { prompt: "A studio photo of {{product}}, crash test" }, key: "sku" };

/** A catalogue sheet of `rows` products: keys S-1…S-n on lines 2…n+1. */
export const crashBatchCsv = (rows: number) =>
  ["sku,product", ...Array.from({ length: rows }, (_, i) => `S-${i + 1},product number ${i + 1}`)].join("\n");

export async function startCsvBatch({ batchId, rows }: { batchId: string; rows: number }) {
  const csv = crashBatchCsv(rows);
  const file = await openBatchFile(Readable.from([Buffer.from(csv)]), "csv");
  return startBatch({
    starter: { user: CRASH_BATCH_USER, tokenId: null },
    batchId,
    source: "csv",
    file,
    render: rowRenderer(RECIPE, file.columns, { strictColumns: true }),
    // What lib/batches/upload.ts hashes: the recipe and the file's bytes.
    fingerprint: () => createHash("sha256").update(JSON.stringify(RECIPE)).update(csv).digest("base64url"),
    overBudget: "refuse",
    skipInvalid: false,
  });
}
