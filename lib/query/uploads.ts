import { queryOptions } from "./cache";
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadCapability, type UploadView } from "@/lib/schemas/uploads";
import { ApiError, fetchJson, type ApiErrorBody } from "./fetch-json";
import { uploadKeys } from "./keys";

// Uploading a local image as an input. The file goes up with XMLHttpRequest, the one browser API that
// reports upload progress; its answers are read into the same ApiError as every other route's.

/** Whether this Darkroom can hand the API a link to an upload, and if not, what to configure. */
export const uploadCapabilityOptions = () =>
  queryOptions({
    queryKey: uploadKeys.capability,
    queryFn: () => fetchJson<UploadCapability>("/api/uploads"),
    staleTime: 5 * 60_000,
  });

const MEGABYTES = UPLOAD_MAX_BYTES / 1024 / 1024;

/** What the browser can tell before sending: too big, or plainly another type. The server decides the rest. */
export function fileProblem(file: File): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return `${file.name} is over ${MEGABYTES} MB; Darkroom accepts images up to ${MEGABYTES} MB.`;
  if (file.type && !(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a PNG, JPEG or WebP image (it is ${file.type}). Darkroom accepts PNG, JPEG or WebP images.`;
  }
  return null;
}

export function uploadFile(file: File, { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}) {
  return new Promise<UploadView>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { error?: ApiErrorBody } | UploadView | null;
      if (xhr.status === 201 && body && !("error" in body)) return resolve(body as UploadView);
      const error =
        body && "error" in body && body.error?.message ? body.error : { code: "server", message: "The upload failed. Try again." };
      reject(new ApiError(xhr.status, error));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, { code: "network", message: "Could not reach Darkroom. Check your connection and try again." }));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
