import "server-only";

// The queue's order: round robin across its sources, each source in its own order (position, then age).
// A source is a personal access token (a script) or a member's dashboard, so a script that queues 200
// images takes one turn in each round like everyone else instead of holding the front of the line for an
// hour (issue 29). "Move to front" still works: the moved submission becomes its source's first, and the
// lowest position goes first among the firsts. A batch (issue 48) is a source of its own: its 2,000 rows take
// one turn a round, so neither a colleague's picture nor its own member's next one waits behind them.

interface Queued {
  position: number;
  created_at: string;
  user_id: string;
  token_id?: string | null;
  batch_id?: string | null;
}

const sourceOf = (s: Queued) => (s.batch_id ? `batch:${s.batch_id}` : s.token_id ? `token:${s.token_id}` : `member:${s.user_id}`);

/** `rows` in position order, reordered by round: every source's first, then every source's second, … */
export function fairOrder<T extends Queued>(rows: T[]): T[] {
  const seen = new Map<string, number>();
  const ranked = rows.map((row, index) => {
    const round = seen.get(sourceOf(row)) ?? 0;
    seen.set(sourceOf(row), round + 1);
    return { row, round, index };
  });
  return ranked.sort((a, b) => a.round - b.round || a.index - b.index).map(({ row }) => row);
}
