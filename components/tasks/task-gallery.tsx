"use client";

import { useQuery, useQueryClient } from "@/lib/query/react";
import { useInfiniteQuery } from "@/lib/query/use-infinite-query";
import { ListChecks, SearchX } from "lucide-react";
import { Link } from "@/components/ui/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { LightboxProvider } from "@/components/shared/lightbox/lightbox-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/query/fetch-json";
import { taskKeys } from "@/lib/query/keys";
import { hasFilters, parseTaskFilters, taskFiltersSearch, type TaskFilters } from "@/lib/query/task-filters";
import { taskListOptions } from "@/lib/query/task-list";
import { queueOptions } from "@/lib/query/queue";
import { queueShows } from "@/lib/query/queue-answer";
import { LazyQueueStrip } from "./lazy-queue-strip";
import type { QueueViewer } from "./queue-strip";
import { SelectionBar } from "./selection-bar";
import { TaskFilterBar, type MemberOption } from "./task-filters";
import { TaskGrid } from "./task-grid";
import { DensityToggle } from "./density-toggle";
import { selectionCredits } from "./task-format";
import { useDensity } from "./use-density";
import { useGalleryLive } from "./use-gallery-live";

interface TaskGalleryProps {
  members: MemberOption[];
  canGenerate: boolean;
  viewer: QueueViewer;
}

/** The team's tasks, newest first, filtered by the URL, live, with selection for bulk download and hide. */
export function TaskGallery({ members, canGenerate, viewer }: TaskGalleryProps) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => parseTaskFilters(new URLSearchParams(search)), [search]);
  const setFilters = useCallback(
    (next: TaskFilters) => {
      const query = taskFiltersSearch(next);
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname],
  );

  const queryClient = useQueryClient();
  const { data: queueData } = useQuery(queueOptions());
  // Whether the queue showed when the page loaded (the server's prefetched answer, the same in both renders).
  const [queueAtLoad] = useState(() => queueShows(queueData));
  const list = useInfiniteQuery(taskListOptions(filters));
  useGalleryLive(filters);
  const tasks = useMemo(() => list.data?.pages.flatMap((page) => page.tasks) ?? [], [list.data]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<number | null>(null);
  const tasksRef = useRef(tasks);
  useEffect(() => {
    tasksRef.current = tasks;
  }, [tasks]);
  const onToggle = useCallback((index: number, range: boolean) => {
    const all = tasksRef.current;
    const task = all[index];
    if (!task) return;
    setSelected((current) => {
      const next = new Set(current);
      const on = !current.has(task.id);
      const from = range && anchor.current !== null ? Math.min(anchor.current, index) : index;
      const to = range && anchor.current !== null ? Math.max(anchor.current, index) : index;
      for (let i = from; i <= to; i++) {
        const id = all[i]?.id;
        if (id) {
          if (on) next.add(id);
          else next.delete(id);
        }
      }
      return next;
    });
    anchor.current = index;
  }, []);
  const selectedTasks = tasks.filter((task) => selected.has(task.id));
  const selectedIds = selectedTasks.map((task) => task.id);
  const [density, setDensity] = useDensity();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const filtered = hasFilters(filters);
  return (
    // The lightbox walks through the loaded tasks' outputs in the gallery's order (?view= opens it). data-wide:
    // the dashboard's column widens for the gallery (app/(dashboard)/layout.tsx), so a wide screen gets as many
    // columns as fit.
    <LightboxProvider tasks={tasks} canAddToBoard={viewer.canEdit}>
      <div className="grid gap-4" data-wide>
        <TaskFilterBar filters={filters} members={members} onChange={setFilters} />
        {queueAtLoad ? (
          // No Suspense of its own: while its code loads during hydration, the whole gallery keeps the server's HTML
          // (the page's boundary), so the panel is drawn once, with the cards.
          <LazyQueueStrip viewer={viewer} />
        ) : (
          // Showing later (something was submitted meanwhile): it appears once its code is in, the cards untouched.
          queueShows(queueData) && (
            <Suspense fallback={null}>
              <LazyQueueStrip viewer={viewer} />
            </Suspense>
          )
        )}
        <SelectionBar
          ids={selectedIds}
          credits={selectionCredits(selectedTasks)}
          total={tasks.length}
          canShare={viewer.canEdit}
          onSelectAll={() => setSelected(new Set(tasks.map((task) => task.id)))}
          onClear={() => setSelected(new Set())}
          onHidden={() => {
            setSelected(new Set());
            void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
          }}
        />
        {list.isPending ? (
          <GallerySkeleton />
        ) : list.isError && !tasks.length ? (
          <Alert tone="danger" role="alert" title="The tasks could not be loaded">
            <p>{errorMessage(list.error)}</p>
            <Button size="sm" variant="outline" className="mt-2" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : tasks.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={SearchX}
              title="No tasks match these filters"
              action={
                <Button variant="outline" onClick={() => setFilters({})}>
                  Clear filters
                </Button>
              }
            >
              Change or clear the filters to see more of the team’s tasks.
            </EmptyState>
          ) : (
            <EmptyState
              icon={ListChecks}
              title="No tasks yet"
              action={
                canGenerate ? (
                  <Button asChild variant="outline">
                    <Link href="/generate">Go to Generate</Link>
                  </Button>
                ) : undefined
              }
            >
              Tasks you and your team create appear here.
            </EmptyState>
          )
        ) : (
          <>
            {list.isError && (
              <Alert tone="warning" role="alert">
                {errorMessage(list.error)}
              </Alert>
            )}
            <div className="flex justify-end">
              <DensityToggle density={density} onChange={setDensity} />
            </div>
            <TaskGrid
              density={density}
              tasks={tasks}
              selected={selected}
              onToggle={onToggle}
              hasMore={Boolean(hasNextPage)}
              loadingMore={isFetchingNextPage}
              onLoadMore={loadMore}
            />
          </>
        )}
      </div>
    </LightboxProvider>
  );
}

function GallerySkeleton() {
  return (
    // data-wide, as the gallery's own grid has: the page's column is as wide while it loads as after (narrower, the
    // page moved sideways when the cards came: a desktop's layout shift of 0.026, issue 28).
    <div
      data-wide
      role="status"
      aria-label="Loading tasks"
      className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border bg-card">
          <div className="aspect-[4/3] animate-pulse bg-muted motion-reduce:animate-none" />
          <div className="grid gap-2 p-3">
            <div className="h-4 w-20 animate-pulse rounded bg-muted motion-reduce:animate-none" />
            <div className="h-4 w-3/4 animate-pulse rounded bg-muted motion-reduce:animate-none" />
            <div className="h-3 w-full animate-pulse rounded bg-muted motion-reduce:animate-none" />
          </div>
        </div>
      ))}
      <span className="sr-only">Loading tasks…</span>
    </div>
  );
}
