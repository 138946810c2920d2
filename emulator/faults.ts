// Faults injected through the control API, so clients can be tested against a misbehaving upstream.
import { z } from "zod";

export const faultRuleSchema = z.object({
  method: z.string().min(1).optional(),
  path: z.string().startsWith("/").optional(),
  kind: z.enum(["status", "accept_then_status", "accept_then_drop", "delay", "malformed"]),
  status: z.number().int().min(100).max(599).optional(),
  // Sent verbatim, so a client can be shown seconds, an HTTP date or garbage.
  retryAfter: z.union([z.number(), z.string()]).optional(),
  delayMs: z.number().int().min(0).max(600_000).optional(),
  times: z.number().int().min(1).optional(),
});
export const faultsBodySchema = z.object({ rules: z.array(faultRuleSchema) });

export type FaultRule = z.infer<typeof faultRuleSchema>;

export class Faults {
  private rules: (FaultRule & { left: number })[] = [];

  add(rules: FaultRule[]): void {
    this.rules.push(...rules.map((rule) => ({ ...rule, left: rule.times ?? 1 })));
  }

  clear(): void {
    this.rules = [];
  }

  /** The rules not used up yet, each with how many times it is still to apply. */
  list(): (FaultRule & { left: number })[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** The first rule matching this request, used up by one. */
  take(method: string, path: string): FaultRule | undefined {
    const index = this.rules.findIndex(
      (rule) => (!rule.method || rule.method.toUpperCase() === method) && (!rule.path || path.startsWith(rule.path)),
    );
    const rule = this.rules[index];
    if (!rule) return undefined;
    rule.left -= 1;
    if (rule.left <= 0) this.rules.splice(index, 1);
    return rule;
  }
}
