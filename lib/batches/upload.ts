import "server-only";
import { createHash, type Hash } from "node:crypto";
import { pipeline, Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/http/body";
import { batchRequestSchema, MAX_BATCH_BYTES } from "@/lib/schemas/batches";
import type { z } from "zod";
import { openBatchFile } from "./parse";
import { rowRenderer } from "./rows";

// The dashboard sends a batch as a multipart form: its JSON part (`batch`: the recipe and choices) first,
// then the file itself (`file`), read as it streams (busboy) rather than held whole. The file's bytes are
// hashed as they pass, so a resend can be told from a different batch under the same id.

export interface BatchUpload {
  meta: z.output<typeof batchRequestSchema>;
  file: AsyncIterable<Uint8Array>;
  /** The hash of the bytes read so far: whole once `file` has been read to its end. */
  hash: Hash;
}

const badForm = (message: string) => new AppError("bad_request:batch_form", message);
/** What busboy keeps of a plain (pasted) field: beyond it, the text would be cut, so it is refused. */
const MAX_FIELD_BYTES = 1024 * 1024;

export function readBatchUpload(request: Request): Promise<BatchUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type) || !request.body) {
    throw new AppError("unsupported_media_type:batch", "Send a batch as multipart/form-data: a `batch` JSON part, then the `file`.");
  }
  const hash = createHash("sha256");
  return new Promise<BatchUpload>((resolve, reject) => {
    let meta: BatchUpload["meta"] | undefined;
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": type },
        limits: { files: 1, fields: 2, fieldSize: MAX_FIELD_BYTES, fileSize: MAX_BATCH_BYTES + 1 },
      });
    } catch {
      throw badForm("The form could not be read: its boundary is missing.");
    }
    const start = (file: AsyncIterable<Uint8Array>) => {
      if (!meta) return settle(() => reject(badForm("Send the `batch` part before the `file` part.")));
      const current = meta;
      settle(() => resolve({ meta: current, file: hashed(file, hash), hash }));
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated && (name === "batch" || name === "file")) {
        const message =
          name === "file"
            ? "Pasted text is at most 1 MB: upload it as a file instead (up to 20 MB)."
            : "The `batch` part is over 1 MB: a recipe is far smaller; send it again.";
        return settle(() => reject(new AppError("payload_too_large:batch_form", message)));
      }
      if (name === "batch") {
        try {
          meta = parseWith(batchRequestSchema, JSON.parse(value));
          hash
            .update(JSON.stringify(meta.recipe))
            .update(meta.format)
            .update(JSON.stringify([meta.overBudget, meta.skipInvalid]));
        } catch (error) {
          settle(() => reject(error instanceof AppError ? error : badForm("The `batch` part is not valid JSON.")));
        }
      } else if (name === "file") start(Readable.from([Buffer.from(value)]));
    });
    parser.on("file", (name, stream) => {
      if (name !== "file") {
        stream.resume();
        return;
      }
      start(stream);
    });
    parser.on("error", () => settle(() => reject(badForm("The form could not be read; send it again."))));
    parser.on("close", () => settle(() => reject(badForm(meta ? "The form has no `file` part." : "The form has no `batch` part."))));
    // pipeline, not pipe: a client gone mid-body destroys busboy, which ends the file's stream with the error
    // (the reader answers 400) instead of leaving it waiting for bytes that never come.
    pipeline(Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>), parser, (error) => {
      if (error) settle(() => reject(badForm("The form did not arrive whole; send it again.")));
    });
  });
}

async function* hashed(input: AsyncIterable<Uint8Array>, hash: Hash): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of input) {
      hash.update(chunk);
      yield chunk;
    }
  } catch (error) {
    // The client went away mid-file: nothing was stored, since storing starts after the whole file is read.
    throw error instanceof AppError ? error : badForm("The file did not arrive whole; send it again.");
  }
}

/** The upload opened: its choices, its file read up to the header, and the renderer its recipe makes. */
export async function openBatchUpload(request: Request) {
  const { meta, file: bytes, hash } = await readBatchUpload(request);
  const file = await openBatchFile(bytes, meta.format);
  // JSON lines may add keys after the first line, so only a file with a header row has its columns checked.
  const render = rowRenderer(meta.recipe, file.columns, { strictColumns: meta.format !== "jsonl" });
  return { meta, file, render, fingerprint: () => hash.digest("base64url") };
}
