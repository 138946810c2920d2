"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useId, useMemo, useRef, useState } from "react";
import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { formatNumber } from "@/lib/format";
import { batchRowsOptions, ROWS_WINDOW } from "@/lib/query/batches";
import { useQueries } from "@/lib/query/react";
import { BATCH_ROW_STATUSES, type BatchCounts, type BatchRowStatus, type BatchRowView } from "@/lib/schemas/batches";
import { ROW_STATUS, ROW_TONE } from "./batch-words";

const ROW_HEIGHT = 56;
// Thumbnail, key, line, status, error, credits, task: a grid shared by the header and every row.
const COLUMNS = "grid grid-cols-[3rem_minmax(8rem,1.6fr)_3.5rem_6.5rem_minmax(7rem,1fr)_4.5rem_4rem] items-center gap-3 px-3";

/**
 * A batch's rows as a table that holds only what is on screen (10,000 rows stay quick): @tanstack/react-virtual
 * lays out the rows in view, and the rows endpoint is read in windows of ROWS_WINDOW around them. ARIA table
 * semantics with each row's index, so a screen reader hears "row 1,204 of 10,001".
 */
export function BatchRows({ id, rows, counts }: { id: string; rows: number; counts: BatchCounts }) {
  const filterId = useId();
  const [status, setStatus] = useState<BatchRowStatus | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const expected = status ? counts[status] : rows;
  // The count the server answered with its last window (it knows best), else what the batch's counts say.
  const [answered, setAnswered] = useState<{ status: BatchRowStatus | null; total: number } | null>(null);
  const total = answered?.status === status ? answered.total : expected;

  // No React Compiler here to skip: the virtualizer asks for a render itself as the table scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const windows = useMemo(() => {
    const starts: number[] = [];
    for (let start = Math.floor(first / ROWS_WINDOW) * ROWS_WINDOW; start <= Math.max(last, 0); start += ROWS_WINDOW) starts.push(start);
    return starts;
  }, [first, last]);
  const pages = useQueries({ queries: windows.map((offset) => batchRowsOptions(id, status, offset)) });
  const byIndex = (index: number): BatchRowView | undefined => {
    const at = windows.indexOf(Math.floor(index / ROWS_WINDOW) * ROWS_WINDOW);
    return pages[at]?.data?.rows[index % ROWS_WINDOW];
  };
  const latest = pages.find((page) => page.data)?.data?.total;
  if (latest !== undefined && (answered?.status !== status || answered.total !== latest)) setAnswered({ status, total: latest });
  const failed = pages.find((page) => page.error && !page.data);

  return (
    <section aria-labelledby={`${filterId}-title`} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${filterId}-title`} className="text-lg font-semibold">
          Rows
        </h2>
        <div className="grid gap-1.5">
          <Label htmlFor={`${filterId}-status`}>Filter rows by status</Label>
          <Select
            id={`${filterId}-status`}
            value={status ?? ""}
            onChange={(event) => {
              setStatus((event.target.value || null) as BatchRowStatus | null);
              scroller.current?.scrollTo({ top: 0 });
            }}
          >
            <option value="">All ({formatNumber(rows)})</option>
            {BATCH_ROW_STATUSES.map((each) => (
              <option key={each} value={each}>
                {ROW_STATUS[each]} ({formatNumber(counts[each])})
              </option>
            ))}
          </Select>
        </div>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-danger">
          The rows could not be read. They are asked for again as you scroll.
        </p>
      )}
      {total === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          {status ? `No ${ROW_STATUS[status].toLowerCase()} rows.` : "This batch has no rows."}
        </p>
      ) : (
        <div
          ref={scroller}
          role="table"
          aria-label="Rows of the batch"
          aria-rowcount={total + 1}
          tabIndex={0}
          data-testid="batch-rows"
          className="max-h-[70vh] overflow-auto rounded-xl border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <div className="min-w-[44rem]">
            <div role="rowgroup" className="sticky top-0 z-10 border-b bg-muted text-xs font-medium text-muted-foreground">
              <div role="row" aria-rowindex={1} className={`${COLUMNS} h-9`}>
                <span role="columnheader">
                  <span className="sr-only">Thumbnail</span>
                </span>
                <span role="columnheader">Key</span>
                <span role="columnheader">Line</span>
                <span role="columnheader">Status</span>
                <span role="columnheader">Error</span>
                <span role="columnheader" className="text-right">
                  Credits
                </span>
                <span role="columnheader">Task</span>
              </div>
            </div>
            <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => (
                <Row key={item.index} index={item.index} start={item.start} row={byIndex(item.index)} />
              ))}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

function Row({ index, start, row }: { index: number; start: number; row: BatchRowView | undefined }) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`${COLUMNS} absolute inset-x-0 top-0 border-b text-sm last:border-b-0`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      {row ? (
        <>
          <span role="cell">
            {row.thumbnailUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- the archive's own thumbnail, already sized
              <img
                src={row.thumbnailUrl}
                alt=""
                width={40}
                height={40}
                loading="lazy"
                decoding="async"
                className="size-10 rounded object-cover"
              />
            ) : (
              <span aria-hidden className="block size-10 rounded bg-muted" />
            )}
          </span>
          <span role="cell" className="grid min-w-0">
            <span className="truncate font-mono text-xs font-medium" title={row.key}>
              {row.key}
            </span>
            {row.prompt && (
              <span className="truncate text-xs text-muted-foreground" title={row.prompt}>
                {row.prompt}
              </span>
            )}
          </span>
          <span role="cell" className="text-xs text-muted-foreground tabular-nums">
            {formatNumber(row.line)}
          </span>
          <span role="cell">
            <Badge variant={ROW_TONE[row.status]}>{ROW_STATUS[row.status]}</Badge>
          </span>
          <span role="cell" className="min-w-0">
            {row.errorCode && (
              <code className="block truncate font-mono text-xs text-danger" title={row.errorMessage ?? row.errorCode}>
                {row.errorCode}
              </code>
            )}
          </span>
          <span role="cell" className="text-right text-xs tabular-nums">
            {row.credits === null ? <span className="text-muted-foreground">–</span> : formatNumber(row.credits)}
          </span>
          <span role="cell" className="text-xs">
            {row.taskId ? (
              <Link href={`/tasks/${encodeURIComponent(row.taskId)}`} className="underline underline-offset-4">
                Open<span className="sr-only"> the task of {row.key}</span>
              </Link>
            ) : (
              <span className="text-muted-foreground">–</span>
            )}
          </span>
        </>
      ) : (
        <span role="cell" className="col-span-full text-xs text-muted-foreground">
          Loading row {formatNumber(index + 1)}…
        </span>
      )}
    </div>
  );
}
