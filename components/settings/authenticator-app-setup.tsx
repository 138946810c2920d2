"use client";

import { useState, type FormEvent } from "react";
import { renderSVG } from "uqr";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { authPost } from "@/lib/query/second-factor";
import { RecoveryCodes } from "./recovery-codes";

type Step = { at: "start" } | { at: "code"; uri: string; secret: string; codes: string[] } | { at: "done"; codes: string[] };

/**
 * Sets up an authenticator app: the password confirms it is you, the app takes the key (scanned from its QR code,
 * typed, or opened from the otpauth link on a phone), one code from it proves it, then the recovery codes are shown once.
 */
export function AuthenticatorAppSetup({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState<Step>({ at: "start" });
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function run(event: FormEvent, work: () => Promise<void>) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "That did not work. Try again.");
    } finally {
      setPending(false);
    }
  }

  if (step.at === "done")
    return (
      <div className="grid gap-3">
        <Alert tone="success" role="status">
          Your authenticator app is set up. Darkroom asks for a code from it each time you sign in with your password.
        </Alert>
        <RecoveryCodes codes={step.codes} />
        <div>
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    );

  if (step.at === "code")
    return (
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) =>
          run(event, async () => {
            if (!/^\d{6}$/.test(value.trim())) throw new Error("Enter the 6 digits your app shows.");
            await authPost("/two-factor/verify-totp", { code: value.trim() });
            setStep({ at: "done", codes: step.codes });
          })
        }
      >
        <p className="text-sm">
          Scan this code with your authenticator app (1Password, Google Authenticator, Authy, …), type the key below into it, or{" "}
          <a className="underline underline-offset-2" href={step.uri}>
            open it in the app
          </a>{" "}
          on this device.
        </p>
        {/* Drawn from the key alone (no text of it goes into the SVG), dark on white in both themes, as scanners want. */}
        <div
          role="img"
          aria-label="QR code of the setup key"
          data-testid="totp-qr"
          className="size-44 rounded-md bg-white p-2 [&>svg]:size-full"
          dangerouslySetInnerHTML={{ __html: renderSVG(step.uri, { border: 0 }) }}
        />
        <code aria-label="Setup key" className="rounded-md bg-muted p-3 font-mono text-sm break-all" data-testid="totp-secret">
          {step.secret}
        </code>
        <FormField label="Code from the app" error={error}>
          <Input inputMode="numeric" autoComplete="one-time-code" value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
        </FormField>
        <div>
          <Button type="submit" pending={pending}>
            Turn on
          </Button>
        </div>
      </form>
    );

  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(event) =>
        run(event, async () => {
          const { totpURI, backupCodes } = await authPost<{ totpURI: string; backupCodes: string[] }>("/two-factor/enable", {
            password: value,
          });
          setValue("");
          setStep({ at: "code", uri: totpURI, secret: new URL(totpURI).searchParams.get("secret") ?? "", codes: backupCodes });
        })
      }
    >
      <FormField label="Your password" error={error} description="To confirm it is you.">
        <Input type="password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.target.value)} />
      </FormField>
      <div>
        <Button type="submit" variant="outline" pending={pending}>
          Set up an authenticator app
        </Button>
      </div>
    </form>
  );
}
