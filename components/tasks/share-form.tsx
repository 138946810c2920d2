"use client";

import { Check, Copy } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { LocalOnlyNote } from "@/components/shared/local-only-note";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/query/fetch-json";
import { useCreateShareLink } from "@/lib/query/share-links";
import { SHARE_DEFAULT_EXPIRY, SHARE_EXPIRIES, type ShareExpiry } from "@/lib/schemas/share-links";

/**
 * Makes a read-only link to tasks' results for someone without an account: how long it lasts, and whether it
 * shows the prompts. The link is shown once (only its hash is kept); Settings → Share links lists and revokes it.
 * Used by a task's page, the gallery's selection and a board (whose link follows the board as it changes).
 */
export function ShareForm({ taskIds = [], boardId, what }: { taskIds?: string[]; boardId?: string; what: string }) {
  const create = useCreateShareLink();
  const [made, setMade] = useState<{ url: string; localOnly: boolean } | null>(null);
  const url = made?.url ?? null;
  const [copied, setCopied] = useState(false);
  const promptId = useId();
  const several = boardId !== undefined || taskIds.length > 1;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setCopied(false);
    create.mutate(
      {
        ...(boardId === undefined ? { taskIds } : { boardId }),
        expiry: String(form.get("expiry")) as ShareExpiry,
        showPrompt: form.get("showPrompt") === "on",
      },
      { onSuccess: ({ url, localOnly }) => setMade({ url, localOnly }) },
    );
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission (an insecure origin, say): the link stays selectable in its field.
      setCopied(false);
    }
  }

  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <FormField label="Link expires after">
          <Select name="expiry" defaultValue={SHARE_DEFAULT_EXPIRY}>
            {Object.entries(SHARE_EXPIRIES).map(([value, choice]) => (
              <option key={value} value={value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="flex h-9 items-center gap-2">
          <input id={promptId} name="showPrompt" type="checkbox" className="size-4 accent-primary" />
          <label htmlFor={promptId} className="text-sm">
            {several ? "Show the prompts" : "Show the prompt"}
          </label>
        </div>
        <Button type="submit" size="sm" pending={create.isPending}>
          Make a link
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">
        Anyone with the link sees {what} and, if you choose, {several ? "their prompts" : "its prompt"}: never credits, who made{" "}
        {several ? "them" : "it"}, or anything else in Darkroom. You can revoke it in Settings.
      </p>
      {url && (
        <>
          <Alert tone="success" title="Link made: copy it now, it is not shown again" role="status" />
          <div className="flex flex-wrap items-center gap-2">
            <Input
              readOnly
              value={url}
              aria-label="Share link"
              className="min-w-0 flex-1 basis-64 font-mono"
              onFocus={(event) => event.target.select()}
            />
            <Button size="sm" variant="outline" onClick={copy}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? "Copied" : "Copy link"}
            </Button>
          </div>
          {made?.localOnly && <LocalOnlyNote />}
        </>
      )}
      {create.error && (
        <Alert tone="danger" title="No link was made" role="alert">
          {errorMessage(create.error)}
        </Alert>
      )}
    </div>
  );
}
