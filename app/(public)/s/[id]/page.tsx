import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/errors";
import { publicOrigin } from "@/lib/http/public-origin";
import type { SharedPageView, SharedTaskView } from "@/lib/schemas/share-links";
import { openSharedPage } from "@/lib/shares/open";

// A share link's page, for anyone holding the link (no session): the media and, when the sharer chose so,
// the prompt. Never indexed (this meta tag, and X-Robots-Tag from proxy.ts), and an Open Graph picture from the
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

const TITLE = "Shared from Darkroom";
const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const opened = await open(id);
  const base: Metadata = { title: { absolute: TITLE }, robots: { index: false, follow: false } };
  const first = opened.view?.tasks[0]?.results[0];
  if (!first) return base;
  const image = `${publicOrigin(await headers())}${first.thumbnailUrl}`;
  return {
    ...base,
    openGraph: { title: TITLE, type: "website", images: [{ url: image }] },
    twitter: { card: "summary_large_image", images: [image] },
  };
}

export default async function SharedPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const opened = await open(id);
  if (opened.error?.status === 429) redirect(`/s/${encodeURIComponent(id)}/throttled`);
  if (opened.error) notFound();
  const { tasks, expiresAt } = opened.view;
  const count = tasks.reduce((sum, task) => sum + task.results.length, 0);
  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{count === 1 ? "A shared result" : `${count} shared results`}</h1>
        <p className="text-sm text-muted-foreground">
          {expiresAt ? <>This link works until {when(expiresAt)}.</> : <>This link works until it is revoked.</>}
        </p>
      </div>
      {tasks.map((task, position) => (
        <SharedTask key={task.id} task={task} label={tasks.length > 1 ? `Shared task ${position + 1} of ${tasks.length}` : "Shared task"} />
      ))}
    </div>
  );
}

function SharedTask({ task, label }: { task: SharedTaskView; label: string }) {
  const several = task.results.length > 1;
  return (
    <section aria-label={label} className="grid gap-3">
      <div className={several && task.kind === "image" ? "grid gap-4 sm:grid-cols-2" : "grid gap-4"}>
        {task.results.map((result) => {
          const name = `${task.kind === "video" ? "Video" : "Image"}${several ? ` ${result.index + 1} of ${task.results.length}` : ""}`;
          return (
            <figure key={result.index} className="grid content-start gap-1.5">
              {task.kind === "video" ? (
                <video
                  controls
                  preload="metadata"
                  poster={result.thumbnailUrl}
                  src={result.fileUrl}
                  aria-label={name}
                  className="w-full rounded-xl border bg-black"
                  width={result.width ?? undefined}
                  height={result.height ?? undefined}
                />
              ) : (
                // eslint-disable-next-line @next/next/no-img-element -- the archive's own sized file, behind the link's token
                <img
                  src={result.previewUrl}
                  alt={task.prompt ?? name}
                  width={result.width ?? undefined}
                  height={result.height ?? undefined}
                  className="h-auto max-h-[80dvh] w-auto max-w-full rounded-xl border bg-muted object-contain"
                />
              )}
              <a href={result.fileUrl} className="w-fit text-sm underline underline-offset-4">
                {name}: full size
              </a>
            </figure>
          );
        })}
      </div>
      {task.prompt !== null && (
        <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-wrap" aria-label="Prompt">
          {task.prompt}
        </blockquote>
      )}
    </section>
  );
}
