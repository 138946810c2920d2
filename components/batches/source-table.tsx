import { formatNumber } from "@/lib/format";

/** The source's columns and first rows as the browser read them: a real table, scrolling sideways in its own box. */
export function SourceTable({
  columns,
  rows,
  caption,
}: {
  columns: readonly string[];
  rows: readonly Record<string, string>[];
  caption: string;
}) {
  if (columns.length === 0) return null;
  return (
    <div className="grid gap-2">
      <div className="max-h-80 overflow-auto rounded-lg border" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full border-collapse text-left text-xs">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium text-muted-foreground">
                #
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className="max-w-48 truncate px-2 py-1.5 font-mono font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className="border-t">
                <td className="px-2 py-1 text-muted-foreground tabular-nums">{formatNumber(index + 1)}</td>
                {columns.map((column) => (
                  <td key={column} className="max-w-48 truncate px-2 py-1" title={row[column]}>
                    {row[column]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
