// Words and links for the Credits page.
import type { CreditPeriod } from "@/lib/schemas/credits";

export const formatNumber = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** "1 credit", "1,250 credits". */
export const creditsText = (value: number) => `${formatNumber(value)} credit${value === 1 ? "" : "s"}`;

/** "1 task", "12 tasks". */
export const countText = (value: number, noun: string) => `${formatNumber(value)} ${noun}${value === 1 ? "" : "s"}`;

export const periodHref = (period: CreditPeriod) => (period === "30d" ? "/credits" : `/credits?period=${period}`);

/** The Tasks gallery filtered to one member or model, and to the period's first day when there is one. */
export function galleryHref(filter: { member: string } | { model: string }, since: string | null): string {
  const search = new URLSearchParams(filter);
  if (since) search.set("from", since);
  return `/tasks?${search.toString()}`;
}
