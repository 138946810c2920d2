"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { formatUtcDateTime, formatUtcDateTimeOr } from "@/lib/dates";
import { errorMessage } from "@/lib/query/fetch-json";
import { authPost, removePasskey, useCall } from "@/lib/query/second-factor";
import type { PasskeyView } from "@/lib/schemas/second-factor-views";
import { AuthenticatorAppSetup } from "./authenticator-app-setup";
import { PasskeyAdd } from "./passkey-add";
import { RecoveryCodes } from "./recovery-codes";

interface Props {
  appOn: boolean;
  passkeys: PasskeyView[];
  /** The team's rule applies to this member: the last factor cannot be removed. */
  required: boolean;
}

/** One's second factor: an authenticator app (with recovery codes) and passkeys, each added and removed here. */
export function SecondFactorCard({ appOn, passkeys, required }: Props) {
  const router = useRouter();
  const refresh = () => router.refresh();
  const remove = useCall(removePasskey);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Second factor</CardTitle>
        <CardDescription>
          {required ? "Your team requires a second factor. " : ""}A code from an authenticator app after your password, or a passkey that
          signs you in on its own.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="authenticator-app" className="grid gap-3">
          <div className="flex items-center gap-2">
            <h3 id="authenticator-app" className="font-medium">
              Authenticator app
            </h3>
            {appOn ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>}
          </div>
          {appOn ? <AppOn onOff={refresh} /> : <AuthenticatorAppSetup onDone={refresh} />}
        </section>
        <section aria-labelledby="passkeys" className="grid gap-3">
          <h3 id="passkeys" className="font-medium">
            Passkeys
          </h3>
          {passkeys.length === 0 ? (
            <p className="text-sm text-muted-foreground">No passkeys yet.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Your passkeys">
              {passkeys.map((passkey) => (
                <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium break-words">{passkey.name}</span>
                    <span className="text-sm text-muted-foreground">
                      added {formatUtcDateTime(passkey.createdAt)} · last used {formatUtcDateTimeOr(passkey.lastUsedAt, "never")}
                    </span>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    pending={remove.isPending && remove.variables === passkey.id}
                    onClick={() => remove.mutate(passkey.id, { onSuccess: refresh })}
                  >
                    Remove<span className="sr-only"> {passkey.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {remove.error && (
            <Alert tone="danger" role="alert">
              {errorMessage(remove.error)}
            </Alert>
          )}
          <PasskeyAdd onAdded={refresh} />
        </section>
      </CardContent>
    </Card>
  );
}

/**
 * With the app on: new recovery codes (the old ones stop working) or the app turned off. Each takes the password,
 * like turning it on; one field serves both buttons.
 */
function AppOn({ onOff }: { onOff: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<"codes" | "off">();
  const [codes, setCodes] = useState<string[]>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const action = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "off" ? "off" : "codes";
    setPending(action);
    setError(undefined);
    try {
      if (action === "off") {
        await authPost("/two-factor/disable", { password });
        onOff();
      } else {
        setCodes((await authPost<{ backupCodes: string[] }>("/two-factor/generate-backup-codes", { password })).backupCodes);
        setPassword("");
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "That did not work. Try again.");
    } finally {
      setPending(undefined);
    }
  }
  return (
    <div className="grid gap-3">
      <form className="flex flex-wrap items-end gap-3" noValidate onSubmit={submit}>
        <FormField label="Your password" error={error} className="w-full max-w-xs">
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <Button type="submit" value="codes" variant="outline" pending={pending === "codes"} disabled={pending === "off"}>
          New recovery codes
        </Button>
        <Button type="submit" value="off" variant="outline" pending={pending === "off"} disabled={pending === "codes"}>
          Turn off the app
        </Button>
      </form>
      {codes && <RecoveryCodes codes={codes} />}
    </div>
  );
}
