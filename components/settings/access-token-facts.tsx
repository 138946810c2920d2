import { formatUtcDateTime, formatUtcDateTimeOr } from "@/lib/dates";
import { formatNumber } from "@/lib/format";
import { type AccessTokenView, SCOPE_CHOICES } from "@/lib/schemas/access-tokens";

const scopeLabel = (scopes: string[]) =>
  Object.values(SCOPE_CHOICES).find((choice) => choice.scopes.join(",") === scopes.join(","))?.label ?? scopes.join(", ");

/** One token's line in Settings: what it may do, what it committed, when it was made, last used and expires. */
export function AccessTokenFacts({ token, now }: { token: AccessTokenView; now: string }) {
  return (
    <>
      {scopeLabel(token.scopes)}
      {token.budget && (
        <>
          {" "}
          · {formatNumber(token.budget.committed)} of {formatNumber(token.budget.limit)} credits committed
        </>
      )}{" "}
      · made {formatUtcDateTime(token.createdAt)}, last used {formatUtcDateTimeOr(token.lastUsedAt, "never")},{" "}
      {token.expiresAt <= now ? (
        <strong>expired {formatUtcDateTime(token.expiresAt)}</strong>
      ) : (
        <>expires {formatUtcDateTime(token.expiresAt)}</>
      )}
    </>
  );
}
