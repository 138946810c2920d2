import "server-only";
import { randomUUID } from "node:crypto";
import { constants, createWriteStream } from "node:fs";
import { access, mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkKey, MissingMedia, type ByteRange, type MediaStore } from "./store";

// Media paths are runtime data (MEDIA_DIR), not build inputs: the comments keep Next's file tracer off them.

/** The archive in a folder of this machine (MEDIA_DIR): the default, for one instance. */
export function localStore(folder: string): MediaStore {
  const root = path.resolve(/* turbopackIgnore: true */ folder);
  const fileOf = (key: string) => path.join(/* turbopackIgnore: true */ root, checkKey(key));
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

  return {
    kind: "local",
    async put(key, body: Readable) {
      const file = fileOf(key);
      await mkdir(/* turbopackIgnore: true */ path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a crash never leaves a half file that looks complete.
      const partial = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(/* turbopackIgnore: true */ partial));
        await rename(/* turbopackIgnore: true */ partial, file);
      } catch (error) {
        await rm(/* turbopackIgnore: true */ partial, { force: true });
        throw error;
      }
    },
    async get(key, range?: ByteRange) {
      // Opened first, so a missing file is an error here rather than on the stream later.
      const handle = await open(/* turbopackIgnore: true */ fileOf(key), "r").catch((error: unknown) => {
        throw missing(error) ? new MissingMedia() : error;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async head(key) {
      try {
        const info = await stat(/* turbopackIgnore: true */ fileOf(key));
        return info.isFile() ? { size: info.size } : undefined;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      return (await this.head(key)) !== undefined;
    },
    async delete(key) {
      await rm(/* turbopackIgnore: true */ fileOf(key), { force: true });
    },
    async test() {
      await mkdir(/* turbopackIgnore: true */ root, { recursive: true });
      await access(/* turbopackIgnore: true */ root, constants.R_OK | constants.W_OK);
      const probe = path.join(/* turbopackIgnore: true */ root, `.ready-${randomUUID()}`);
      await writeFile(/* turbopackIgnore: true */ probe, "");
      await rm(/* turbopackIgnore: true */ probe, { force: true });
    },
  };
}
