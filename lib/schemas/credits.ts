// Client-safe and zod-free (the Credits page's first load): the page keeps its period in the URL (`?period=`);
// links and the page share these. The parameter's schema is in credit-period-param.ts.

export const CREDIT_PERIODS = ["7d", "30d", "90d", "all"] as const;
export type CreditPeriod = (typeof CREDIT_PERIODS)[number];
export const DEFAULT_CREDIT_PERIOD: CreditPeriod = "30d";

export const PERIOD_LABELS: Record<CreditPeriod, { short: string; long: string }> = {
  "7d": { short: "7 days", long: "the last 7 days" },
  "30d": { short: "30 days", long: "the last 30 days" },
  "90d": { short: "90 days", long: "the last 90 days" },
  all: { short: "All time", long: "all time" },
};
