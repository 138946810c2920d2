"use client";

import { useQueryClient } from "@/lib/query/react";
import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    // better-auth's own route, called directly: its client library would weigh on every page for this one call.
    await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    // Nothing fetched for this person may be shown to whoever signs in next in this tab.
    queryClient.clear();
    router.replace("/sign-in");
    router.refresh();
  }

  return (
    <Button variant="ghost" size="flush" pending={pending} onClick={signOut}>
      {!pending && <LogOut aria-hidden />}
      Sign out
    </Button>
  );
}
