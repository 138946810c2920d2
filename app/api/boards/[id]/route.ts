import { boardPage, changeBoard, removeBoard } from "@/lib/boards/boards";
import { withUser } from "@/lib/http/handler";
import { boardPatchSchema } from "@/lib/schemas/boards";

// One board: its page (the tasks on it this member can see, in order), a new name or visibility, and deletion
// (the tasks stay; share links to the board stop opening). Changes: its maker or an admin.
export const GET = withUser({}, async ({ user, params }) => Response.json(await boardPage(user, String(params.id))));

export const PATCH = withUser({ role: "member", body: boardPatchSchema }, async ({ user, params, body }) =>
  Response.json({ board: await changeBoard(user, String(params.id), body) }),
);

export const DELETE = withUser({ role: "member" }, async ({ user, params }) => {
  await removeBoard(user, String(params.id));
  return new Response(null, { status: 204 });
});
