import { SHARE_REFUSED_MESSAGE } from "@/lib/shares/refusal";

// Unknown, expired, revoked, or nothing in it its maker may still see (lib/policy/share.ts): one answer (a 404),
// which tells a guesser nothing.
export default function ShareNotFound() {
  return (
    <div className="grid max-w-prose gap-2 pt-10">
      <h1 className="text-2xl font-semibold tracking-tight">This link does not open</h1>
      <p className="text-muted-foreground">{SHARE_REFUSED_MESSAGE}</p>
    </div>
  );
}
