import { addToBoard, reorderBoard } from "@/lib/boards/boards";
import { withUser } from "@/lib/http/handler";
import { addBoardItemsSchema, boardOrderSchema } from "@/lib/schemas/boards";

// A board's items: POST adds tasks at the end (ones already there stay put); PUT sends the new order of the
// items the member sees (the board page's drag or Move buttons).
export const POST = withUser({ role: "member", body: addBoardItemsSchema }, async ({ user, params, body }) =>
  Response.json(await addToBoard(user, String(params.id), body.taskIds)),
);

export const PUT = withUser({ role: "member", body: boardOrderSchema }, async ({ user, params, body }) =>
  Response.json({ taskIds: await reorderBoard(user, String(params.id), body.taskIds) }),
);
