import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatUtcDateTime } from "@/lib/dates";
import { AppError } from "@/lib/errors";
import { plural } from "@/lib/format";
import { publicOrigin } from "@/lib/http/public-origin";
import type { SharedPageView, SharedTaskView } from "@/lib/schemas/share-links";
import { openSharedPage } from "@/lib/shares/open";

// A share link's page, for anyone holding the link (no session): the board's (or task's) name, the media with a
// download each and all of it as one ZIP, and, when the sharer chose so, the prompt. Never indexed (this meta tag, and X-Robots-Tag from proxy.ts), and an Open Graph picture from the
// link's own thumbnail route for chat previews. The page links nowhere else, so its address (the secret)
// is never sent as a referrer to another site. Refused: a 404 (not-found.tsx); over the rate limit: a page
// cannot answer 429, so the visitor is sent to the route that does (./throttled, lib/shares/throttled.ts).

type Opened = { view: SharedPageView; error?: undefined } | { view?: undefined; error: AppError };

// Once per request: the metadata and the page share one open (one view counted).
const open = cache(async (token: string): Promise<Opened> => {
  try {
    return { view: await openSharedPage(token, await headers()) };
  } catch (error) {
    if (error instanceof AppError) return { error };
    throw error;
  }
});

const SITE = "Darkroom";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const { view } = await open(id);
  const base: Metadata = { title: { absolute: `Shared from ${SITE}` }, robots: { index: false, follow: false } };
  const first = view?.tasks[0]?.results[0];
  if (!view || !first) return base;
  // A chat's preview card: the board's (or task's) name over the first result's thumbnail.
  const title = `${view.title} · shared from ${SITE}`;
  const description = `${plural(countResults(view), "result")} shared from ${SITE}.`;
  const image = `${publicOrigin(await headers())}${first.thumbnailUrl}`;
  return {
    ...base,
    title: { absolute: title },
    description,
    openGraph: { title, description, siteName: SITE, type: "website", images: [{ url: image }] },
    twitter: { card: "summary_large_image", title, description, images: [image] },
  };
}

const countResults = (view: SharedPageView) => view.tasks.reduce((sum, task) => sum + task.results.length, 0);

export default async function SharedPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const opened = await open(id);
  if (opened.error?.status === 429) redirect(`/s/${encodeURIComponent(id)}/throttled`);
  if (opened.error) notFound();
  const { view } = opened;
  const count = countResults(view);
  const single = view.tasks.length === 1;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-medium text-muted-foreground">{view.board ? "A shared board" : "Shared from Darkroom"}</p>
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{view.title}</h1>
          <p className="text-sm text-muted-foreground">
            {plural(count, "result")} ·{" "}
            {view.expiresAt ? (
              <>
                this link works until <time dateTime={view.expiresAt}>{formatUtcDateTime(view.expiresAt)}</time>
              </>
            ) : (
              <>this link works until it is revoked</>
            )}
          </p>
        </div>
        <Button asChild variant={single && count === 1 ? "outline" : "default"}>
          <a href={view.downloadUrl} download>
            <Download aria-hidden />
            {count === 1 ? "Download" : `Download all (${count}, ZIP)`}
          </a>
        </Button>
      </div>
      {/* One task: its results use the width; several: a grid of cards, one per task, as wide as the screen allows. */}
      <ul className={single ? "grid gap-4" : "grid gap-4 sm:grid-cols-2 lg:grid-cols-3"} aria-label="Shared results">
        {view.tasks.map((task) => (
          <li key={task.id} className="min-w-0">
            {/* A short prompt that is the page's title already is not written twice. */}
            <SharedTask task={task} single={single} promptShown={single && task.prompt?.trim() === view.title} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function SharedTask({ task, single, promptShown }: { task: SharedTaskView; single: boolean; promptShown: boolean }) {
  const several = task.results.length > 1;
  const noun = task.kind === "video" ? "Video" : "Image";
  return (
    <article className="text-card-foreground grid gap-3 rounded-xl border bg-card p-3 shadow-sm">
      <div className={several ? "grid gap-3 sm:grid-cols-2" : "grid"}>
        {task.results.map((result) => {
          const name = `${noun}${several ? ` ${result.index + 1} of ${task.results.length}` : ""}`;
          return (
            <figure key={result.index} className="grid min-w-0 content-start gap-1.5">
              {task.kind === "video" ? (
                <video
                  controls
                  playsInline
                  preload="metadata"
                  poster={result.thumbnailUrl}
                  src={result.fileUrl}
                  aria-label={name}
                  className="w-full rounded-lg bg-black"
                  width={result.width ?? undefined}
                  height={result.height ?? undefined}
                />
              ) : (
                <a
                  href={result.fileUrl}
                  className="block rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={`${name}: open full size`}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- the archive's own sized file, behind the link's token */}
                  <img
                    src={result.previewUrl}
                    alt={task.prompt ?? `${name} made with ${task.model}`}
                    width={result.width ?? undefined}
                    height={result.height ?? undefined}
                    className={`mx-auto h-auto w-auto max-w-full rounded-lg bg-muted object-contain ${single ? "max-h-[75dvh]" : ""}`}
                  />
                </a>
              )}
              <figcaption className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
                <span className="text-muted-foreground">{several ? name : `${task.model} · ${formatUtcDateTime(task.createdAt)}`}</span>
                <a href={result.downloadUrl} download className="inline-flex items-center gap-1 underline underline-offset-4">
                  <Download className="size-3.5" aria-hidden />
                  Download<span className="sr-only"> {name.toLowerCase()}</span>
                </a>
              </figcaption>
            </figure>
          );
        })}
      </div>
      {several && (
        <p className="text-sm text-muted-foreground">
          {task.model} · {formatUtcDateTime(task.createdAt)}
        </p>
      )}
      {task.prompt !== null && !promptShown && (
        <blockquote className="border-l-2 pl-3 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap" aria-label="Prompt">
          {task.prompt}
        </blockquote>
      )}
    </article>
  );
}
