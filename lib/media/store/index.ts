import "server-only";
import { env } from "@/lib/env";
import { localStore } from "./local";
import { s3Store } from "./s3";
import type { MediaStore } from "./store";

export { checkKey, MissingMedia, type ByteRange, type MediaStore } from "./store";
export { localStore } from "./local";
export { s3Store } from "./s3";

let store: MediaStore | undefined;

/** The configured archive (MEDIA_STORE), made on first use. */
export function mediaStore(): MediaStore {
  store ??=
    env.MEDIA_STORE === "s3"
      ? s3Store({
          bucket: env.S3_BUCKET!,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        })
      : localStore(env.MEDIA_DIR);
  return store;
}
