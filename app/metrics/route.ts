import { withPublic } from "@/lib/http/handler";
import { checkMetricsAccess } from "@/lib/metrics/access";
import { scrape } from "@/lib/metrics/scrape";

// Prometheus's scrape address: its own bearer token (METRICS_TOKEN), no session; absent (404) without one.
export const dynamic = "force-dynamic";

export const GET = withPublic({}, async ({ request }) => {
  checkMetricsAccess(request.headers);
  const { text, contentType } = await scrape();
  return new Response(text, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});
