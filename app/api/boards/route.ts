import { createBoard, boardsOf } from "@/lib/boards/boards";
import { withUser } from "@/lib/http/handler";
import { newBoardSchema } from "@/lib/schemas/boards";

// Boards: the team's and one's own (an admin: all), and a new one, possibly with its first tasks. Viewers see
// boards but cannot make them.
export const GET = withUser({}, async ({ user }) => Response.json({ boards: await boardsOf(user) }));

export const POST = withUser({ role: "member", body: newBoardSchema }, async ({ user, body }) =>
  Response.json({ board: await createBoard(user, body) }, { status: 201 }),
);
