// What the Batches pages read and send (issue 48): the list, a batch's view (refetched on the event stream's
// news, see components/batches/use-batch-live.ts), its rows in windows, the preview and the start (multipart:
// the recipe's JSON first, then the file), and the pause, resume, cancel and retry of a batch.
import { queryOptions } from "./cache";
import { useMutation, useQueryClient } from "./react";
import { ApiError, fetchJson, type ApiErrorBody } from "./fetch-json";
import { batchKeys } from "./keys";
import { SAFETY_REFETCH_MS } from "./tasks";
import type { BatchPreview, BatchRequest, BatchRowStatus, BatchRowsPage, BatchSummary, BatchView } from "@/lib/schemas/batches";

/** Rows are read in windows of this many, as the table scrolls to them. */
export const ROWS_WINDOW = 200;

const path = (id: string) => `/api/batches/${encodeURIComponent(id)}`;

/** Whether any row can still change on its own (paused rows wait for a person). */
export const batchSettled = (batch: Pick<BatchView, "counts">) => batch.counts.waiting + batch.counts.running === 0;

export const batchListOptions = () =>
  queryOptions({
    queryKey: batchKeys.list,
    queryFn: ({ signal }) => fetchJson<{ batches: BatchSummary[] }>("/api/batches", { signal }).then((body) => body.batches),
    // Fresh as hydrated: the page's HTML carries the list, and the slow interval follows batches still running.
    staleTime: SAFETY_REFETCH_MS,
    refetchInterval: (query) => (query.state.data?.some((batch) => !batchSettled(batch)) ? SAFETY_REFETCH_MS : false),
  });

export const batchOptions = (id: string) =>
  queryOptions({
    queryKey: batchKeys.detail(id),
    queryFn: ({ signal }) => fetchJson<BatchView>(path(id), { signal }),
    // Fresh as hydrated (the page asks for nothing as it loads); events invalidate it when its rows change.
    staleTime: SAFETY_REFETCH_MS,
    // Only a batch that is gone or not one's own is not worth asking again.
    retry: (count, error) => !(error instanceof ApiError && [403, 404].includes(error.status)) && count < 2,
    // The event stream says when to refetch; the slow interval only covers an event missed while reconnecting.
    refetchInterval: (query) => (query.state.data && !batchSettled(query.state.data) ? SAFETY_REFETCH_MS : false),
  });

export const batchRowsOptions = (id: string, status: BatchRowStatus | null, offset: number) =>
  queryOptions({
    queryKey: batchKeys.rows(id, status, offset),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ offset: String(offset), limit: String(ROWS_WINDOW) });
      if (status) query.set("status", status);
      return fetchJson<BatchRowsPage>(`${path(id)}/rows?${query}`, { signal });
    },
    staleTime: 30_000,
  });

/** What the page sends: the recipe (and choices) as JSON, and the file or the variations text. */
export interface BatchUpload {
  batch: BatchRequest;
  file: Blob;
  fileName: string;
}

/** POSTs the two parts in order (the server reads the recipe before the file streams in). */
async function postBatch<T>(url: string, { batch, file, fileName }: BatchUpload): Promise<T> {
  const form = new FormData();
  form.append("batch", JSON.stringify(batch));
  form.append("file", file, fileName);
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body: form, headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError(0, { code: "network", message: "Could not reach Darkroom. Check your connection and try again." });
  }
  const body = (await response.json().catch(() => undefined)) as { error?: ApiErrorBody } | undefined;
  if (response.ok) return body as T;
  if (body?.error?.message) throw new ApiError(response.status, body.error);
  const message =
    response.status === 413
      ? "The file is too large for one batch: split it into smaller files."
      : "Darkroom could not finish that request.";
  throw new ApiError(response.status, { code: response.status === 413 ? "payload_too_large:batch_file" : "server", message });
}

export function usePreviewBatch() {
  return useMutation({ mutationFn: (upload: BatchUpload) => postBatch<BatchPreview>("/api/batches/preview", upload) });
}

export function useStartBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: BatchUpload) => postBatch<{ batch: BatchView; repeated: boolean }>("/api/batches", upload),
    onSuccess: ({ batch }) => {
      queryClient.setQueryData(batchKeys.detail(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: batchKeys.list });
    },
  });
}

export type BatchAction = "pause" | "resume" | "cancel";

/** Pause, resume or cancel: the answer is the batch as it now is; its rows changed status too. */
export function useBatchAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: BatchAction) => fetchJson<BatchView>(`${path(id)}/${action}`, { method: "POST" }),
    onSuccess: (batch) => {
      queryClient.setQueryData(batchKeys.detail(id), batch);
      void queryClient.invalidateQueries({ queryKey: batchKeys.rowsOf(id) });
      void queryClient.invalidateQueries({ queryKey: batchKeys.list });
    },
  });
}

/** The failed rows as a new batch, named by the page's id for it (a resend makes no second one). */
export function useRetryBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => fetchJson<{ batch: BatchView }>(`${path(id)}/retry`, { method: "POST", json: { batchId } }),
    onSuccess: ({ batch }) => {
      queryClient.setQueryData(batchKeys.detail(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: batchKeys.list });
    },
  });
}

export const batchDownloads = (id: string) => ({
  zip: `${path(id)}/download`,
  csv: `${path(id)}/results?format=csv`,
  jsonl: `${path(id)}/results?format=jsonl`,
});
