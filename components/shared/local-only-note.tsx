import { Alert } from "@/components/ui/alert";

/**
 * Beside a link made for someone else when its address is loopback and PUBLIC_BASE_URL is unset: sent to
 * another machine it opens nothing there, and nothing else would say so (issue 45).
 */
export function LocalOnlyNote({ what = "link" }: { what?: "link" | "address" }) {
  return (
    <Alert tone="warning" title={`This ${what} opens on this machine only`}>
      It names this computer&apos;s own address. To reach Darkroom from elsewhere, set <code>PUBLIC_BASE_URL</code> to the address others
      open it at and restart (docs/operations.md, Hosts and proxies).
    </Alert>
  );
}
