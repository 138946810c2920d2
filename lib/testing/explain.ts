// The plans the database chose for the queries a piece of code ran: the code runs as it is, through a
// plugin that keeps each query's tree, and each tree is compiled again under EXPLAIN (SQLite's query plan,
// Postgres's text plan), so the tests assert index use on exactly what the app sends.
import { CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from "kysely";
import { dialectOf } from "@/lib/db/connect";
import type { Database } from "@/lib/db/schema";

export async function plansOf(db: Kysely<Database>, run: (db: Kysely<Database>) => Promise<unknown>): Promise<string[]> {
  const nodes: RootOperationNode[] = [];
  const keep: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run(db.withPlugin(keep));
  const postgres = dialectOf(db) === "postgres";
  const plans: string[] = [];
  for (const node of nodes) {
    const query = db.getExecutor().compileQuery(node, { queryId: "explain" });
    const explained = CompiledQuery.raw(`${postgres ? "explain" : "explain query plan"} ${query.sql}`, [...query.parameters]);
    const { rows } = await db.executeQuery<{ detail?: string; "QUERY PLAN"?: string }>(explained);
    plans.push(rows.map((row) => row.detail ?? row["QUERY PLAN"] ?? "").join("\n"));
  }
  return plans;
}
