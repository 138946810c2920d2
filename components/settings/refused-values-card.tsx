import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RefusedValuesReset } from "./refused-values-reset";

/** What Darkroom learned from the API's 422s about values the spec leaves open (admins only). */
export function RefusedValuesCard({ alphaResolution }: { alphaResolution: string[] }) {
  return (
    <Card>
      <CardHeader className="pb-5 sm:pb-6">
        <CardTitle>Values this API refuses</CardTitle>
        <CardDescription>
          The spec does not say whether an account takes 720p or 768p for Alpha 2.3. When the API refuses a resolution, the form stops
          offering it. Reset after changing the API account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm" data-testid="refused-alpha-resolutions">
          {alphaResolution.length > 0
            ? `Alpha resolution refused: ${alphaResolution.join(", ")}`
            : "Nothing refused so far: the form offers every resolution."}
        </p>
        {alphaResolution.length > 0 && <RefusedValuesReset />}
      </CardContent>
    </Card>
  );
}
