"use client";

import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * A token just made, shown this once (only its hash is kept), ready to copy, with an example of its use that
 * carries the whole token: this is the one moment it can be pasted whole (issue 45).
 */
export function NewTokenAlert({ token, label, example }: { token: string; label: string; example: string }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(example);
      setCopied(true);
    } catch {
      // No clipboard permission (an insecure origin, say): the block stays selectable.
      setCopied(false);
    }
  }

  return (
    <Alert tone="success" title="Copy your token now: it is not shown again" role="status">
      <Input readOnly value={token} aria-label={label} className="mt-1 font-mono" onFocus={(event) => event.target.select()} />
      <pre
        aria-label="Example request"
        tabIndex={0}
        className="mt-2 overflow-x-auto rounded-md bg-muted p-2 font-mono text-xs whitespace-pre select-all"
      >
        {example}
      </pre>
      <Button size="sm" variant="outline" className="mt-2 w-fit" onClick={copy}>
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? "Copied" : "Copy the example"}
      </Button>
    </Alert>
  );
}
