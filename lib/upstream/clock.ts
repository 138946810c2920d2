import "server-only";

// The upstream's clock, as the Date header of its answers tells it. Image retention runs on the upstream's
// clock, so an image's expiry is reckoned there and then shown on ours. A real API agrees with us to a
// second or so; the emulator's clock can be moved forward by days.

/** A Date header has whole seconds, and answers take time: a smaller difference is rounding, not a clock. */
const NOISE_MS = 2_000;

// On globalThis: Next may bundle this module more than once in one server process.
const state = globalThis as typeof globalThis & { __darkroomUpstreamSkewMs?: number };

/** Records an answer's Date header; `receivedAt` is our clock when it arrived. */
export function observeUpstreamDate(header: string | null, receivedAt: number): void {
  const date = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(date)) return;
  const skew = Math.abs(date - receivedAt) < NOISE_MS ? 0 : date - receivedAt;
  // Kept until an answer differs by more than the noise, so an expiry shown twice reads the same both times.
  if (Math.abs(skew - upstreamSkewMs()) >= NOISE_MS) state.__darkroomUpstreamSkewMs = skew;
}

/** How far the upstream's clock is ahead of ours (0 until an answer said otherwise). */
export function upstreamSkewMs(): number {
  return state.__darkroomUpstreamSkewMs ?? 0;
}
