import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ConnectionTest } from "./connection-test";

const PLAN_LABEL = { free: "Free", paid: "Paid", lifetime: "Lifetime" } as const;

export interface ConnectionCardProps {
  /** Shown to admins only; null for everyone else. */
  baseUrl: string | null;
  configured: boolean;
  keySet: boolean;
  /** At most the key's last four characters; the key itself never leaves the server. */
  keyLast4: string | null;
  plan: keyof typeof PLAN_LABEL;
  /** The test spends one of the key's requests: admins only. */
  canTest: boolean;
}

export function ConnectionCard({ baseUrl, configured, keySet, keyLast4, plan, canTest }: ConnectionCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Generation API</CardTitle>
        <CardDescription>Where Darkroom sends generations, and with which key. Both are set on the server.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-[9rem_1fr] sm:gap-x-6 sm:gap-y-3">
          <Detail term="Base URL">
            {baseUrl ? (
              <code className="font-mono text-[0.8125rem] break-all">{baseUrl}</code>
            ) : configured ? (
              <span>
                Set <span className="text-muted-foreground">(admins can see it)</span>
              </span>
            ) : (
              <NotSet />
            )}
          </Detail>
          <Detail term="API key">
            {keySet ? (
              <span className="inline-flex items-center gap-2">
                <KeyRound className="size-4 text-muted-foreground" aria-hidden />
                Set
                {keyLast4 && (
                  <span className="font-mono text-muted-foreground">
                    <span className="sr-only">, ending in </span>…{keyLast4}
                  </span>
                )}
              </span>
            ) : (
              <NotSet />
            )}
          </Detail>
          <Detail term="Plan">
            <Badge variant="outline">{PLAN_LABEL[plan]}</Badge>
          </Detail>
        </dl>
      </CardContent>
      {canTest && (
        <CardFooter>
          <ConnectionTest />
        </CardFooter>
      )}
    </Card>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:contents">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function NotSet() {
  return <span className="text-muted-foreground">Not set</span>;
}
