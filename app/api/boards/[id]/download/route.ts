import { visibleBoard, visibleBoardTaskIds } from "@/lib/boards/boards";
import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { prepareDownload } from "@/lib/media/download-zip";

// A board as a ZIP: the gallery's download (results, a sidecar per task, index.csv) of the board's tasks this
// member can see, in board order, named after the board. Answers the URL to GET it from, as POST /api/downloads does.
export const POST = withUser({}, async ({ user, params }) => {
  const board = await visibleBoard(user, String(params.id));
  const ids = await visibleBoardTaskIds(user, board.id);
  if (ids.length === 0) throw new AppError("conflict:board_empty", "This board has no task you can see: add some before downloading it.");
  return Response.json({ url: await prepareDownload(user.id, ids, board.name), tasks: ids.length }, { status: 201 });
});
