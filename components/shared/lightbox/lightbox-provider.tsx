"use client";

import { useQuery } from "@/lib/query/react";
import { lazy, Suspense, useMemo, type ReactNode } from "react";
import { taskQueryOptions } from "@/lib/query/tasks";
import type { TaskView } from "@/lib/schemas/views";
import { lightboxItems, sameItem, type ViewTarget } from "./items";
import { loadLightbox, prefetchLightbox } from "./load-lightbox";
import { LightboxContext, type LightboxOpener } from "./open-context";
import { useViewParam } from "./use-view-param";

const Lightbox = lazy(() => loadLightbox().then((module) => ({ default: module.Lightbox })));

/**
 * The lightbox of a page that shows `tasks` (workspace, gallery, a task's page): it walks through their outputs in
 * the page's order, and follows `?view=` both ways. A linked task that the page has not loaded is fetched and
 * shown on its own.
 */
export function LightboxProvider({
  tasks,
  canAddToBoard = false,
  children,
}: {
  tasks: readonly TaskView[];
  /** Members and admins may put the result shown on a board from the viewer. */
  canAddToBoard?: boolean;
  children: ReactNode;
}) {
  const { target, show } = useViewParam();
  const listed = useMemo(() => lightboxItems(tasks), [tasks]);
  const inList = target ? listed.findIndex((item) => sameItem(item, target)) : -1;
  const { data: linked } = useQuery({ ...taskQueryOptions(target?.taskId ?? ""), enabled: target !== undefined && inList < 0 });
  const items = inList >= 0 || !linked ? listed : lightboxItems([linked]);
  const at = target ? items.findIndex((item) => sameItem(item, target)) : -1;
  const opener = useMemo((): LightboxOpener => ({ open: (next: ViewTarget) => show(next), prefetch: prefetchLightbox }), [show]);
  return (
    <LightboxContext.Provider value={opener}>
      {children}
      {at >= 0 && (
        <Suspense fallback={null}>
          <Lightbox
            items={items}
            at={at}
            canAddToBoard={canAddToBoard}
            onMove={(next) => {
              const item = items[next];
              if (item) show({ taskId: item.task.id, index: item.index });
            }}
            onClose={() => show(undefined)}
          />
        </Suspense>
      )}
    </LightboxContext.Provider>
  );
}
