import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { LearnedValues } from "@/lib/schemas/learned-values";
import { RefusedValuesReset } from "./refused-values-reset";

/** What Darkroom learned from the API's 422s about values the spec leaves open (admins only). */
export function RefusedValuesCard({ learned }: { learned: LearnedValues }) {
  const { alphaResolution, aspectRatioRequired, referenceType } = learned;
  const anything = alphaResolution.length > 0 || aspectRatioRequired || referenceType.refused.length > 0 || referenceType.accepted !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Values this API refuses</CardTitle>
        <CardDescription>
          The spec leaves some values open: whether an account takes 720p or 768p for Alpha 2.3, whether Epsilon V6 requires an aspect
          ratio, which roles an image reference may have. When the API refuses one, the form adapts. Reset after changing the API account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-1 text-sm">
          <li data-testid="refused-alpha-resolutions">
            {alphaResolution.length > 0
              ? `Alpha resolution refused: ${alphaResolution.join(", ")}`
              : "Nothing refused so far: the form offers every resolution."}
          </li>
          <li data-testid="learned-aspect-ratio">
            {aspectRatioRequired
              ? "Epsilon aspect ratio: required in text and reference modes"
              : "Epsilon aspect ratio: not known to be required (the form offers “API default”)."}
          </li>
          <li data-testid="refused-reference-types">
            {referenceType.refused.length > 0 || referenceType.accepted
              ? [
                  referenceType.refused.length > 0 ? `Reference role refused: ${referenceType.refused.join(", ")}` : undefined,
                  referenceType.accepted ? `accepted: ${referenceType.accepted.join(", ")}` : undefined,
                ]
                  .filter(Boolean)
                  .join("; ")
              : "Reference roles: nothing refused so far."}
          </li>
        </ul>
        {anything && <RefusedValuesReset />}
      </CardContent>
    </Card>
  );
}
