import "server-only";
import { env } from "@/lib/env";

export interface UpstreamSettings {
  baseUrl: string | null;
  keySet: boolean;
  /** At most the key's last 4 characters, so a person can tell keys apart; never more. */
  keyLast4: string | null;
  plan: "free" | "paid" | "lifetime";
}

export function getUpstreamSettings(): UpstreamSettings {
  const key = env.GENERATION_API_KEY;
  return {
    baseUrl: env.GENERATION_API_BASE_URL ?? null,
    keySet: Boolean(key),
    keyLast4: key && key.length >= 12 ? key.slice(-4) : null,
    plan: env.ACCOUNT_PLAN,
  };
}
