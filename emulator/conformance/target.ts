// Where a conformance suite runs: against the emulator itself, or against Darkroom's gateway (a personal
// access token as the key, Darkroom's queue and engine in front of the emulator: lib/testing/gateway-conformance.ts).
import { expect } from "vitest";
import type { EmulatorClient } from "../testing";

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

/** What every suite asks of its target: credits and reservations as the upstream has them, and an error's shape. */
export function targetReads(on: Target) {
  return {
    /** The account's credits once what was accepted has reached the upstream (at once on the emulator). */
    credits: async (emu: EmulatorClient, apiKey: string) => {
      await on.send?.();
      return emu.credits(apiKey);
    },
    /** What the accepted task reserved, as the upstream answered it (on the gateway: once it is sent). */
    reserved: async (emu: EmulatorClient, apiKey: string, task: { id: string; credits_reserved: number }) => {
      if (!on.send) return task.credits_reserved;
      await on.send();
      return (await emu.getTask(apiKey, task.id)).body.credits_reserved;
    },
    errorBody: (code: string) => ({ error: { code, message: expect.any(String) } }),
  };
}
