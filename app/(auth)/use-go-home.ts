"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";

/**
 * After signing in or setting up: replace the auth page (Back must not return to it) and refetch
 * server components with the new session cookie. `pending` stays true until the dashboard is shown,
 * so the submit button does not come back to life in between.
 */
export function useGoHome(): { pending: boolean; goHome: () => void } {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  function goHome() {
    startTransition(() => {
      router.replace("/");
      router.refresh();
    });
  }
  return { pending, goHome };
}
