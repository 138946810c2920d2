import { themeScript } from "@/components/layout/theme";
import { withPublic } from "@/lib/http/handler";
import { throttledAnswer } from "@/lib/shares/throttled";

// Where a share page opened over the rate limit is sent (a page cannot answer 429): the 429 page itself, with
// Retry-After, or back to the link once the address may open pages again.
export const GET = withPublic({}, async ({ request, params }) => throttledAnswer(request, String(params.id), themeScript));
