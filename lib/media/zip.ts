import "server-only";
import type { Readable } from "node:stream";
import { ZipArchive, type ZipEntryData } from "archiver";

/** One member of a ZIP: an object from the media store (opened only when its turn comes) or a small text made in memory. */
export type ZipEntry = { name: string; open: () => Promise<Readable> } | { name: string; data: string };

/** Entry names are made by the server, but a name with a path separator or `..` must never reach an unzip tool. */
export const safeEntryName = (name: string) => name.replace(/[^\w.-]/g, "_").replace(/^\.+/, "_");

/**
 * A ZIP built while it is read. Media is stored as is (PNG, JPEG, WebP and MP4 are already compressed, so
 * deflating them only costs CPU); texts are deflated. Entries are handed to archiver one at a time, each
 * after the previous one is written: archiver starts reading a stream as soon as it is appended, so
 * appending all at once would open every object (every S3 connection) before the first byte is sent.
 */
export function zipArchive(entries: ZipEntry[]): ZipArchive {
  // A small buffer: the archive runs at most this far ahead of the client.
  const archive = new ZipArchive({ highWaterMark: 64 * 1024, zlib: { level: 6 } });
  let next = 0;
  let current: Readable | undefined;
  const feed = async () => {
    if (archive.destroyed) return;
    const entry = entries[next];
    next += 1;
    // Failures surface through the stream that reads the archive; this promise only mirrors them.
    if (!entry) return void archive.finalize().catch(() => {});
    try {
      if ("data" in entry) archive.append(entry.data, { name: safeEntryName(entry.name) });
      else {
        current = await entry.open();
        if (archive.destroyed) return void current.destroy();
        archive.append(current, { name: safeEntryName(entry.name), store: true } satisfies ZipEntryData);
      }
    } catch (error) {
      archive.destroy(error as Error);
    }
  };
  archive.on("entry", () => void feed());
  // A client that hangs up mid-file must not leave that object's stream (an S3 connection) open.
  archive.on("close", () => current?.destroy());
  void feed();
  return archive;
}

/**
 * A Node stream as a web stream that pulls one chunk per read: nothing is produced ahead of the client
 * (Readable.toWeb on Node 20 buffers by chunk count, not bytes). Cancelling, or `signal` aborting
 * (the client went away), destroys the source, which stops the archive.
 */
export function toWebStream(source: Readable & { abort?: () => unknown }, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const stop = () => {
    source.abort?.();
    source.destroy();
  };
  signal?.addEventListener("abort", stop, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (done) {
            signal?.removeEventListener("abort", stop);
            controller.close();
          } else {
            controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
          }
        } catch (error) {
          signal?.removeEventListener("abort", stop);
          controller.error(error);
        }
      },
      cancel() {
        signal?.removeEventListener("abort", stop);
        stop();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The ZIP of `entries` as a response body. */
export function zipStream(entries: ZipEntry[], { signal }: { signal?: AbortSignal } = {}): ReadableStream<Uint8Array> {
  return toWebStream(zipArchive(entries), signal);
}
