import { Columns3 } from "lucide-react";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { CompareForm, type CompareSeed } from "@/components/compare/compare-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";
import { formatDateTime } from "@/lib/dates";
import { plural } from "@/lib/format";
import { roleAtLeast } from "@/lib/members/roles";
import { comparisonList } from "@/lib/tasks/compare";

export const metadata: Metadata = { title: "Compare" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** What the workspace's "Compare" link carries (?prompt=&model=&settings=<JSON>); anything unreadable is dropped. */
function seedOf(params: Record<string, string | string[] | undefined>): CompareSeed {
  let settings: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(one(params.settings) ?? "null");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) settings = parsed as Record<string, unknown>;
  } catch {
    settings = undefined;
  }
  return { prompt: one(params.prompt)?.slice(0, 5000), model: one(params.model), settings };
}

export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser();
  const { comparisons } = await comparisonList({ limit: 50 });
  return (
    <>
      <PageHeader
        title="Compare"
        description="Send one prompt to several models at once and see their results side by side, with what each was charged."
      />
      {roleAtLeast(user.role, "member") && (
        <Card>
          <CardHeader>
            <CardTitle>New comparison</CardTitle>
          </CardHeader>
          <CardContent>
            <CompareForm seed={seedOf(await searchParams)} />
          </CardContent>
        </Card>
      )}
      <section aria-labelledby="comparisons-heading" className="grid gap-3">
        <h2 id="comparisons-heading" className="text-lg font-semibold">
          Comparisons
        </h2>
        {comparisons.length === 0 ? (
          <EmptyState icon={Columns3} title="No comparisons yet">
            A comparison sends one prompt to 2 to 6 models; it is listed here and can be reopened any time.
          </EmptyState>
        ) : (
          <ul className="grid gap-2">
            {comparisons.map((comparison) => (
              <li key={comparison.id}>
                <Link
                  href={`/compare/${comparison.id}`}
                  className="grid gap-1 rounded-lg border bg-card p-3 shadow-sm hover:bg-muted/50 sm:flex sm:items-center sm:justify-between sm:gap-4"
                >
                  <span className="line-clamp-2 font-medium">{comparison.prompt}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {plural(comparison.models, "model")} · {comparison.createdBy.name ?? "a former member"} ·{" "}
                    {formatDateTime(comparison.createdAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
