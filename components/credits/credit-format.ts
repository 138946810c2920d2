// Links of the Credits page.
import { DEFAULT_CREDIT_PERIOD, type CreditPeriod } from "@/lib/schemas/credits";

export const periodHref = (period: CreditPeriod) => (period === DEFAULT_CREDIT_PERIOD ? "/credits" : `/credits?period=${period}`);

/** The Tasks gallery filtered to one member or model, and to the period's first day when there is one. */
export function galleryHref(filter: { member: string } | { model: string }, since: string | null): string {
  const search = new URLSearchParams(filter);
  if (since) search.set("from", since);
  return `/tasks?${search.toString()}`;
}
