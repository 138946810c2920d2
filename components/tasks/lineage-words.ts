// What "Made from this one" says while nothing has been made from a task yet: only what this task's model allows
// (lib/models/capabilities.ts) and only to someone who may make it. It used to invite "extend it" on every task,
// images and Alpha videos included, which cannot be extended (issue 45).
import type { ResultOffers } from "@/lib/models/capabilities";

export function nothingMadeYet(offers: ResultOffers, { canMake }: { canMake: boolean }): string {
  if (!canMake) return "Nothing yet.";
  const ways = [
    offers.extend && "extend it",
    offers.useAsInput && "use a result as an input",
    offers.animate && "animate it",
    offers.lastFrame && "use its last frame as an input",
  ].filter((way): way is string => typeof way === "string");
  if (ways.length === 0) return "Nothing yet.";
  const last = ways.pop()!;
  return `Nothing yet: ${ways.length ? `${ways.join(", ")}, or ${last}` : last}.`;
}
