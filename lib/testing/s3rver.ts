// An S3-compatible server in this process (s3rver, files in a temp folder) for tests and harnesses:
// the s3 media store is tested over real HTTP without network or MinIO.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "@/lib/media/store/s3";

export interface TestS3 {
  config: S3Config;
  /** The same, as the environment a Darkroom process reads (MEDIA_STORE=s3 …). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver on a free loopback port with one empty bucket. */
export async function startS3rver({ bucket = "darkroom-test" }: { bucket?: string } = {}): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "darkroom-s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket,
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    },
    env: {
      MEDIA_STORE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async close() {
      await server.close();
      // s3rver may still be opening the file of an upload whose client went away (a killed instance's readiness
      // probe): removing the folder under it makes that stream fail with ENOENT, which s3rver does not handle and
      // which ends this process. A moment lets such a stream open and fail on its own connection first.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
