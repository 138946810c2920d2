"use client";

import { useQuery } from "@/lib/query/react";
import { createContext, lazy, Suspense, useContext, useMemo, type ReactNode } from "react";
import { taskQueryOptions } from "@/lib/query/tasks";
import type { TaskView } from "@/lib/schemas/views";
import { lightboxItems, sameItem, type ViewTarget } from "./items";
import { loadLightbox } from "./load-lightbox";
import { useViewParam } from "./use-view-param";

const Lightbox = lazy(() => loadLightbox().then((module) => ({ default: module.Lightbox })));

const OpenContext = createContext<((target: ViewTarget) => void) | null>(null);

/** Opens an output in the page's lightbox; undefined outside a LightboxProvider (the card then offers no "open"). */
export function useOpenLightbox(): ((target: ViewTarget) => void) | null {
  return useContext(OpenContext);
}

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
  const open = useMemo(() => (next: ViewTarget) => show(next), [show]);
  return (
    <OpenContext.Provider value={open}>
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
    </OpenContext.Provider>
  );
}
