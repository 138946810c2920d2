import "server-only";
import pino from "pino";
import { env } from "@/lib/env";
import { traceIds } from "@/lib/metrics/tracing";

// JSON logs. Anything that could carry a secret is censored by key, wherever it appears.
export const log = pino({
  level: env.LOG_LEVEL,
  // Inside a traced step (a submission, a send, a poll, an archive) each line carries its trace and span ids.
  mixin: traceIds,
  redact: {
    paths: [
      "apiKey",
      "*.apiKey",
      "key",
      "*.key",
      "authorization",
      "*.authorization",
      "headers.authorization",
      "headers.cookie",
      "password",
      "*.password",
      "cookie",
      "*.cookie",
      "secret",
      "*.secret",
      "secretAccessKey",
      "*.secretAccessKey",
      "credentials",
      "*.credentials",
      "S3_SECRET_ACCESS_KEY",
      "*.S3_SECRET_ACCESS_KEY",
    ],
    censor: "[redacted]",
  },
});
