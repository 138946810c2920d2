import "server-only";
import type { Kysely } from "kysely";

// Boards (issue 30, part 2): named collections of results, in an order people choose. A board is its maker's
// to change (an admin may change any); team_visible boards are listed for the whole team, the others for their
// maker (and admins) only. An item is a task at a position; a task is on a board at most once. A share link
// may name a board instead of a list of tasks: it then shows the board as it is when opened.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("boards")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("team_visible", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("boards_created_by").on("boards").column("created_by").execute();
  await db.schema
    .createTable("board_items")
    .addColumn("board_id", "text", (col) => col.notNull())
    .addColumn("task_id", "text", (col) => col.notNull())
    // 0, 1, 2…: rewritten whole on a reorder (a board holds at most a few hundred items).
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("added_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("board_items_pk", ["board_id", "task_id"])
    .execute();
  await db.schema.createIndex("board_items_order").on("board_items").columns(["board_id", "position"]).execute();
  // Null: a link to the tasks in task_ids (as before); else a link to this board.
  await db.schema.alterTable("share_links").addColumn("board_id", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("share_links").dropColumn("board_id").execute();
  await db.schema.dropTable("board_items").execute();
  await db.schema.dropTable("boards").execute();
}
