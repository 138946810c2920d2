import { Columns3 } from "lucide-react";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { CompareForm, type CompareSeed } from "@/components/compare/compare-form";
import { learnedForms } from "@/components/generate/learned-fields";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";
import { database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formatUtcDateTime } from "@/lib/dates";
import { plural } from "@/lib/format";
import { roleAtLeast } from "@/lib/members/roles";
import { formSpecs, type FormSpec } from "@/lib/models/form-specs";
import { getModelMeta, type ModelMeta } from "@/lib/models/meta";
import { comparisonList } from "@/lib/tasks/compare";
import { learnedValues } from "@/lib/tasks/refused-values";

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

/** A page of the list, as the other lists of the app page: newest first, then "Older" by an opaque cursor. */
const PAGE_SIZE = 50;

/** The forms the Compare form's columns draw: each model in its first mode, and the workspace's model in its own. */
const compareForms = (forms: FormSpec[], seed: CompareSeed) =>
  forms.filter(
    (form) =>
      form.mode === undefined ||
      form.mode === (getModelMeta(form.model) as ModelMeta | undefined)?.modes?.[0]?.value ||
      (form.model === seed.model && form.mode === seed.settings?.mode),
  );

/** The list's page for this cursor; a cursor that is not one of this list's (an edited link) starts from the newest. */
async function listPage(cursor: string | undefined) {
  try {
    return { ...(await comparisonList({ limit: PAGE_SIZE, cursor })), paged: cursor !== undefined };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "invalid:cursor") throw error;
    return { ...(await comparisonList({ limit: PAGE_SIZE })), paged: false };
  }
}

export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser();
  const params = await searchParams;
  const { comparisons, nextCursor, paged } = await listPage(one(params.cursor)?.slice(0, 300));
  const canCompare = roleAtLeast(user.role, "member");
  const seed = seedOf(params);
  const learned = canCompare ? await learnedValues(database().db) : undefined;
  return (
    <>
      <PageHeader
        title="Compare"
        description="Send one prompt to several models at once and see their results side by side, with what each was charged."
      />
      {canCompare && learned && (
        <Card>
          <CardHeader>
            <CardTitle>New comparison</CardTitle>
          </CardHeader>
          <CardContent>
            <CompareForm seed={seed} forms={compareForms(learnedForms(formSpecs(), learned), seed)} learned={learned} />
          </CardContent>
        </Card>
      )}
      <section aria-labelledby="comparisons-heading" className="grid gap-3">
        <h2 id="comparisons-heading" className="text-lg font-semibold">
          Comparisons
        </h2>
        {comparisons.length === 0 && !paged ? (
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
                    {formatUtcDateTime(comparison.createdAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {(nextCursor || paged) && (
          <nav aria-label="Pages of comparisons" className="flex flex-wrap justify-between gap-3 text-sm">
            {paged ? (
              <Link href="/compare" className="underline underline-offset-4">
                Newest comparisons
              </Link>
            ) : (
              <span />
            )}
            {nextCursor && (
              <Link href={`/compare?cursor=${encodeURIComponent(nextCursor)}`} rel="next" className="underline underline-offset-4">
                Older comparisons
              </Link>
            )}
          </nav>
        )}
      </section>
    </>
  );
}
