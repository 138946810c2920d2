import { withPublic } from "@/lib/http/handler";
import { sharedZip } from "@/lib/shares/open";

// "Download all" on a share page: what the link shows, as one ZIP named after the board (or task), for whoever
// holds the link (no session).
export const GET = withPublic({}, async ({ request, params }) => sharedZip(request, String(params.id)));
