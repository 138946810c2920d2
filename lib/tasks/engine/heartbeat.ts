import "server-only";
import { log } from "@/lib/log";

/**
 * Leases on sends and polls are short, so the work of an instance that dies moves on within a minute;
 * a heartbeat renews them while the work runs (a large download, a slow upstream).
 */
export const LEASE_MS = 30_000;
export const HEARTBEAT_MS = 10_000;

/**
 * Runs `work`, calling `renew` every HEARTBEAT_MS until it ends. A renewal that fails means another
 * instance has taken the work over; the work's own final write is conditional on the lease, so it is
 * only logged here.
 */
export async function withHeartbeat<T>(what: string, renew: () => Promise<boolean>, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    renew().then(
      (held) => {
        if (!held) log.warn({ what }, "lease lost while working: another instance has taken it over");
      },
      (error: unknown) => log.warn({ err: error, what }, "lease renewal failed"),
    );
  }, HEARTBEAT_MS);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
