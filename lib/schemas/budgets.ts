// Budgets, alerts and the balance estimate: the requests the Credits and Settings pages send (validated
// again in the route handlers) and the views they read. Client-safe.
import { z } from "zod";
import { BUDGET_PERIODS, isTimeZone, type BudgetPeriod } from "@/lib/budgets/period";

const credits = (what: string) =>
  z
    .number({ error: `Enter ${what} as a number of credits.` })
    .int(`Enter ${what} as a whole number of credits.`)
    .min(0, `${what[0]!.toUpperCase()}${what.slice(1)} cannot be negative.`)
    .max(1_000_000_000, `Enter at most 1,000,000,000 credits.`);

export const budgetInputSchema = z
  .object({
    scope: z.enum(["member", "team"], { error: "Choose a member or the whole team." }),
    userId: z.string().min(1).max(100).optional(),
    period: z.enum(BUDGET_PERIODS as [BudgetPeriod, ...BudgetPeriod[]], { error: "Choose day, week or month." }),
    limit: credits("the limit"),
  })
  .strict()
  .refine((value) => value.scope === "team" || Boolean(value.userId), { path: ["userId"], message: "Choose a member." });
export type BudgetInput = z.infer<typeof budgetInputSchema>;

export const allowOnceSchema = z.object({ userId: z.string({ error: "Choose a member." }).min(1).max(100) }).strict();

export const timeZoneSchema = z
  .object({
    timeZone: z
      .string({ error: "Enter a time zone." })
      .trim()
      .refine(isTimeZone, "Enter an IANA time zone name, such as Europe/Paris or America/New_York."),
  })
  .strict();

export const balanceInputSchema = z.object({ amount: credits("the balance") }).strict();

export interface BudgetView {
  id: string;
  scope: "member" | "team";
  userId: string | null;
  memberName: string | null;
  period: BudgetPeriod;
  limit: number;
  /** The ledger's words (lib/credits/ledger.ts): used, reserved now, refund pending. */
  used: number;
  /** Reserved now: held by tasks still pending or generating. */
  reserved: number;
  /** Reserved by failed tasks whose refund is settling. */
  refundPending: number;
  /** Waiting: estimated cost of submissions waiting in line or being sent. */
  queued: number;
  /** used + reserved + refundPending + queued. */
  committed: number;
  left: number;
  start: string;
  end: string;
  renews: string;
  /** "At this pace the team's budget runs out on the 19th." Null with nothing spent yet. */
  forecast: string | null;
  /** An "allow once" the member has not used yet. */
  allowOncePending: boolean;
}

export interface BudgetsAnswer {
  budgets: BudgetView[];
  timeZone: string;
  canEdit: boolean;
  /** Whose answer this is: their own budgets are the ones with this userId. */
  viewerId: string;
}

export interface BalanceView {
  entered: number;
  enteredAt: string;
  enteredBy: string | null;
  /** entered − used − reserved + refunded by tasks made since it was entered. */
  estimate: number;
  /** What submissions waiting in line are expected to take from it. */
  queued: number;
  /** When the API said credits are short (402) after this entry. */
  confirmedLowAt: string | null;
}

export interface BalanceAnswer {
  balance: BalanceView | null;
}

/** A threshold a budget crossed this period, as a browser notification says it (once each). */
export interface FiredAlertView {
  id: string;
  threshold: number;
  firedAt: string;
  text: string;
}

/**
 * The one alert a budget shows (the highest threshold it crossed this period), with the budget's live figures:
 * the same ones its row on the Credits page shows, read when the alert is.
 */
export interface BudgetAlertView {
  /** The shown threshold's alert: what "Dismiss" dismisses (a higher threshold brings the budget back). */
  id: string;
  budgetId: string;
  threshold: number;
  scope: "member" | "team";
  userId: string | null;
  period: BudgetPeriod;
  /** Whose budget, short, for the folded line: "You", "Mo", "Team". */
  name: string;
  limit: number;
  used: number;
  committed: number;
  /** "Your daily budget reached 80% at 10:04: now 88 of 100 credits committed (44 used). It renews …" */
  text: string;
  firedAt: string;
  /** Every threshold crossed this period that the viewer has not dismissed, lowest first. */
  fired: FiredAlertView[];
}
