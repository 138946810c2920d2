import { withPublic } from "@/lib/http/handler";
import { serveUpload } from "@/lib/media/uploads/service";

// An uploaded input image for whoever holds its link (the generation API fetches it): no session, only the
// signed token in the path, until the upload expires; then 404.
export const GET = withPublic({}, async ({ request, params }) =>
  serveUpload({ id: String(params.id), file: String(params.file), range: request.headers.get("range") }),
);

export const HEAD = GET;
