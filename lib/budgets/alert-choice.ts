// Which alert a budget shows: the highest threshold it crossed this period replaces the lower ones, so a
// budget past 80% says so once rather than as "50%" and "80%" side by side. Client-safe and pure: the
// service reads the rows, this decides.

/** An alert as recorded when its threshold was crossed (lib/budgets/alerts.ts), and whether this viewer dismissed it. */
export interface FiredAlert {
  id: string;
  budgetId: string;
  /** The period it fired in: only the current period's alerts show. */
  periodStart: string;
  threshold: number;
  /** The budget's limit when it fired. */
  limit: number;
  firedAt: string;
  dismissed: boolean;
}

/** The budget as it stands now: its limit and the committed credits of its current period. */
export interface LiveBudget {
  id: string;
  limit: number;
  committed: number;
  /** The current period's start (lib/budgets/period.ts). */
  start: string;
}

export interface AlertChoice {
  /** The one alert shown for the budget. */
  shown: FiredAlert;
  /** Every alert of this period the viewer has not dismissed: browser notifications fire once for each threshold. */
  fired: FiredAlert[];
}

/**
 * The alert a budget shows this period, or null. The highest threshold crossed replaces the lower ones; a
 * dismissed one stays dismissed until a higher threshold fires (a dismissed 80% comes back as the 100%). An
 * alert fired under a limit an admin has since changed stands only while the live figure still reaches its
 * threshold: "reached 80%" next to "88 of 1,000" would not be true.
 */
export function chooseAlert(alerts: FiredAlert[], budget: LiveBudget): AlertChoice | null {
  const thisPeriod = alerts.filter((a) => a.budgetId === budget.id && a.periodStart === budget.start);
  const standing = thisPeriod.filter((a) => a.limit === budget.limit || budget.committed >= (budget.limit * a.threshold) / 100);
  const highest = standing.reduce<FiredAlert | undefined>((top, a) => (!top || a.threshold > top.threshold ? a : top), undefined);
  if (!highest || highest.dismissed) return null;
  return { shown: highest, fired: thisPeriod.filter((a) => !a.dismissed).sort((a, b) => a.threshold - b.threshold) };
}
