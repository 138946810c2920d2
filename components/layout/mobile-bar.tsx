import { AccountPanel } from "./account-panel";
import { Brand } from "./brand";
import { MobileMenu } from "./mobile-menu";
import { NavLinks } from "./nav-links";
import type { ShellUser } from "./user-summary";

/**
 * The phone-width top bar, rendered on the server; only the menu's open state is the browser's (MobileMenu),
 * and the menu's content is this server markup, shown when it opens.
 */
export function MobileBar({ user }: { user: ShellUser }) {
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-3 border-b bg-card/95 px-4 backdrop-blur md:hidden">
      <Brand />
      <MobileMenu>
        <nav aria-label="Main">
          <NavLinks role={user.role} />
        </nav>
        <AccountPanel user={user} className="border-t pt-4" />
      </MobileMenu>
    </header>
  );
}
