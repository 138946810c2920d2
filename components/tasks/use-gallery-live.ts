import { useLiveUpdates } from "@/components/shared/use-live-updates";
import type { TaskFilters } from "@/lib/query/task-filters";

/**
 * Keeps the gallery live: every loaded page of every list is patched from the events themselves (see
 * lib/query/live-patch.ts), whatever the filters; a new task is put first on the first page.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- kept so callers need not change; the filters are read from each list's key
export function useGalleryLive(filters: TaskFilters): void {
  useLiveUpdates();
}
