import type { Readable } from "node:stream";

// One seam for the result archive. Callers pass opaque relative keys (`task_abc/0.png`) and never learn
// which backend answers; the database stores these keys, so any instance reads what any other wrote.

export interface MediaStore {
  /** `local` or `s3`, for health reports: never the folder, endpoint or bucket. */
  readonly kind: "local" | "s3";
  /** Writes the stream under `key`; a reader never sees a half-written object. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object's bytes, all or the inclusive range `start`–`end`. Throws MissingMedia when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size, or undefined when there is none. */
  head(key: string): Promise<{ size: number } | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** S3 only: a presigned GET link to the object, valid for `seconds` (uploaded inputs the API fetches). */
  signedUrl?(key: string, seconds: number): Promise<string>;
  /** Throws when the store cannot be read and written (readiness). */
  test(): Promise<void>;
}

export interface ByteRange {
  start: number;
  end: number;
}

export class MissingMedia extends Error {
  constructor() {
    super("This file is not in the media store.");
  }
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;

/**
 * Refuses anything but plain relative keys: no `..`, no absolute path, no backslash, no empty or dot
 * segment. Keys are made by the server, so a refusal is a bug, not a user's mistake.
 */
export function checkKey(key: string): string {
  const segments = key.split("/");
  if (key.length > 1000 || segments.some((segment) => segment === "." || segment === ".." || !SEGMENT.test(segment)))
    throw new Error("Refused a media key that is not a plain relative path.");
  return key;
}
