import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { bearerToken } from "@/lib/http/bearer";

/**
 * /metrics answers only a scraper holding METRICS_TOKEN. With no token configured the address does not
 * exist (404): metrics name models and volumes, which are not public by default.
 */
export function checkMetricsAccess(headers: Headers): void {
  const expected = env.METRICS_TOKEN;
  if (expected === undefined) throw new AppError("not_found:route", "Not found.");
  const given = bearerToken(headers);
  // Hashed first so the comparison takes the same time whatever the lengths.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (given === null || !timingSafeEqual(digest(given), digest(expected)))
    throw new AppError("unauthorized:metrics", "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.", undefined, {
      "WWW-Authenticate": 'Bearer realm="darkroom-metrics"',
    });
}
