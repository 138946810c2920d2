// 120 requests in any sliding 60 s per API key, read off the emulator's clock.
export const RATE_LIMIT = 120;
export const RATE_WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  /** Counts a request, or answers how many whole seconds to wait when the window is full (that request is not counted). */
  hit(key: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - RATE_WINDOW_MS);
    if (recent.length >= RATE_LIMIT) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { ok: true };
  }

  clear(): void {
    this.hits.clear();
  }
}
