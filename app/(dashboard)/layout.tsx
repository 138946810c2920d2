import type { ReactNode } from "react";
import { BudgetAlerts } from "@/components/layout/budget-alert-list";
import { BudgetAlertWatcher } from "@/components/layout/budget-alert-watcher";
import { MobileBar } from "@/components/layout/mobile-bar";
import { Sidebar } from "@/components/layout/sidebar";
import { MAIN_ID, SkipLink } from "@/components/layout/skip-link";
import { requirePageUser } from "@/lib/auth/page";
import { alertsFor } from "@/lib/budgets/service";
import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import { prefetchBudgets } from "@/lib/query/server/prefetch-budgets";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // The layout needs the name and role for the shell; each page still checks the session itself,
  // because a layout is not re-run on every navigation.
  const user = await requirePageUser();
  const shellUser = { name: user.name, email: user.email, role: user.role };
  const [alerts, budgets] = await Promise.all([alertsFor(user), prefetchBudgets(user)]);
  return (
    <HydrationBoundary state={budgets}>
      <div className="min-h-dvh md:flex">
        <SkipLink />
        <Sidebar user={shellUser} />
        <MobileBar user={shellUser} />
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {/* A page that marks itself data-wide (a grid of results) may use a wide screen's width; forms and text stay readable. */}
          <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 has-[[data-wide]]:max-w-[120rem] sm:px-6 md:py-10 lg:px-10">
            {/* With alerts to show, their list is part of the page (its code comes with it) and in the HTML's first
              paint; a list loaded lazily was streamed after the page and pushed everything below it down. */}
            {alerts.length > 0 ? <BudgetAlerts initial={alerts} /> : <BudgetAlertWatcher />}
            {children}
          </div>
        </main>
      </div>
    </HydrationBoundary>
  );
}
