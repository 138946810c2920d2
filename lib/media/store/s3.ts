import "server-only";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { checkKey, MissingMedia, type ByteRange, type MediaStore } from "./store";

export interface S3Config {
  bucket: string;
  region: string;
  /** For MinIO, Garage, R2 and s3rver; unset for AWS. */
  endpoint?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted services want it). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (instance role, ~/.aws). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

// The SDK is loaded on first use: an instance on the local store (the default) never pays its start-up cost.
const sdk = () => import("@aws-sdk/client-s3");

/** The archive in a bucket of any S3-compatible service, so every instance reads what any other wrote. */
export function s3Store(config: S3Config): MediaStore {
  const clientConfig: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // A store that does not answer must fail a readiness check quickly, not hang it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  };
  let client: Promise<S3Client> | undefined;
  const s3 = () => (client ??= sdk().then(({ S3Client }) => new S3Client(clientConfig)));
  const Bucket = config.bucket;

  return {
    kind: "s3",
    async put(key, body, contentType) {
      const { Upload } = await import("@aws-sdk/lib-storage");
      // lib-storage sends the stream in parts (5 MB each, a few at a time): a large video is never held in memory.
      await new Upload({ client: await s3(), params: { Bucket, Key: checkKey(key), Body: body, ContentType: contentType } }).done();
    },
    async get(key, range?: ByteRange) {
      const { GetObjectCommand } = await sdk();
      try {
        const answer = await (
          await s3()
        ).send(new GetObjectCommand({ Bucket, Key: checkKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        if (!(answer.Body instanceof Readable)) throw new Error("The S3 answer had no readable body.");
        return answer.Body;
      } catch (error) {
        throw notFound(error) ? new MissingMedia() : error;
      }
    },
    async head(key) {
      const { HeadObjectCommand } = await sdk();
      try {
        const answer = await (await s3()).send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      return (await this.head(key)) !== undefined;
    },
    async delete(key) {
      const { DeleteObjectCommand } = await sdk();
      await (await s3()).send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async signedUrl(key, seconds) {
      const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([sdk(), import("@aws-sdk/s3-request-presigner")]);
      return getSignedUrl(await s3(), new GetObjectCommand({ Bucket, Key: checkKey(key) }), { expiresIn: seconds });
    },
    async test() {
      const { DeleteObjectCommand, HeadBucketCommand, PutObjectCommand } = await sdk();
      const s3client = await s3();
      await s3client.send(new HeadBucketCommand({ Bucket }));
      // Reading the bucket is not enough: the archive writes. A tiny object proves the keys may write and delete.
      const probe = `.ready/${randomUUID()}`;
      await s3client.send(new PutObjectCommand({ Bucket, Key: probe, Body: "" }));
      await s3client.send(new DeleteObjectCommand({ Bucket, Key: probe }));
    },
  };
}
