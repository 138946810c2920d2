// Where a conformance suite runs: against the emulator itself, or against Darkroom's gateway (a personal
// access token as the key, Darkroom's queue and engine in front of the emulator: lib/testing/gateway-conformance.ts).
export interface Target {
  /** The gateway differs on purpose in a few places (queueing, Darkroom's ids and archive, revoked tokens). */
  gateway: boolean;
  /**
   * The gateway's queue sends what waits (one turn of Darkroom's engine). Until then a task's credits_reserved is
   * Darkroom's estimate (what such a request cost before; 0 when never charged): the spec forbids computing prices,
   * so the exact figure is the upstream's answer when it is sent.
   */
  send?: () => Promise<void>;
}

export const EMULATOR: Target = { gateway: false };
