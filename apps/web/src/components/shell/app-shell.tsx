"use client";
// The application shell: sidebar by role, mobile slide-over, command palette, theme toggle and the avatar menu.
import { isStaff, type SessionUser } from "@atelier/domain";
import { Button, DeferredMenu, ThemeToggle, UserAvatar, useIdle } from "@atelier/ui";
import { Menu, Search } from "lucide-react";
import dynamic from "next/dynamic";
import { lazy, type ReactNode, useEffect, useState } from "react";
import { useOpenedOnce } from "~/components/common/use-opened-once";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { HeaderTimer } from "~/components/time/header-timer";
import type { AccountMenuActions } from "./account-menu";
import { KeyboardShortcuts } from "./keyboard-shortcuts";
import { Brand, NavList } from "./nav";

// The palette, the menus, the phone's navigation sheet and the account menu's dialogs load when first opened (or,
// for the palette and the menus, once the page is quiet), not with every page (docs/performance.md).
const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(loadAccountMenu);
const MobileNav = dynamic(() => import("./mobile-nav").then((m) => m.MobileNav), { ssr: false });
const CommandPalette = dynamic(() => import("./command-palette").then((m) => m.CommandPalette), { ssr: false });
const EmailNotificationsDialog = dynamic(
  () => import("~/components/notifications/email-notifications-dialog").then((m) => m.EmailNotificationsDialog),
  { ssr: false },
);
const CalendarFeedDialog = dynamic(() => import("~/components/calendar/calendar-feed-dialog").then((m) => m.CalendarFeedDialog), {
  ssr: false,
});

function UserMenu({ user, ...actions }: AccountMenuActions) {
  return (
    <DeferredMenu
      menu={(props) => <AccountMenu {...props} user={user} {...actions} />}
      preload={loadAccountMenu}
      trigger={
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          <UserAvatar name={user.name} src={user.image} size="sm" decorative />
        </Button>
      }
    />
  );
}

export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const idle = useIdle();
  // The palette is fetched once the page is quiet, so Ctrl+K finds it ready; it is not part of the first load.
  const paletteLoaded = useOpenedOnce(paletteOpen) || idle;
  const notificationsLoaded = useOpenedOnce(notificationsOpen);
  const calendarLoaded = useOpenedOnce(calendarOpen);
  const mobileLoaded = useOpenedOnce(mobileOpen);
  // Ctrl+K (Cmd+K) opens and closes the palette, loaded or not yet.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setPaletteOpen((open) => !open);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <div className="flex min-h-dvh">
      <aside
        className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col gap-6 overflow-y-auto border-r bg-sidebar p-4 md:flex"
        data-testid="sidebar"
      >
        <Brand />
        <NavList user={user} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/80 px-2 backdrop-blur sm:px-4">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
          >
            <Menu className="size-5" aria-hidden />
          </Button>
          {/* On a phone the search is an icon, so the bell and the account menu stay on screen. */}
          <Button
            variant="outline"
            className="size-11 min-w-0 shrink justify-center gap-2 p-0 text-muted-foreground sm:h-9 sm:w-full sm:max-w-xs sm:justify-start sm:px-3"
            aria-keyshortcuts="Control+K"
            aria-haspopup="dialog"
            aria-expanded={paletteOpen}
            onClick={() => setPaletteOpen(true)}
          >
            <Search className="size-4 shrink-0" aria-hidden />
            {/* Named by its text (read out on a phone too), so the name holds everything it shows. */}
            <span className="sr-only flex-1 truncate text-left sm:not-sr-only">Search or run a command</span>
            <kbd aria-hidden className="hidden rounded border bg-muted px-1.5 text-[10px] font-medium sm:inline">
              Ctrl K
            </kbd>
          </Button>
          <div className="ml-auto flex min-w-0 items-center gap-1">
            {isStaff(user.role) && <HeaderTimer />}
            <NotificationBell user={user} />
            <ThemeToggle />
            <UserMenu
              user={user}
              onEmailNotifications={() => setNotificationsOpen(true)}
              onCalendarFeed={() => setCalendarOpen(true)}
              onShortcuts={() => setShortcutsOpen(true)}
            />
          </div>
        </header>
        <main className="min-w-0 flex-1 p-4 [overflow-wrap:anywhere] md:p-8">{children}</main>
      </div>
      {mobileLoaded && <MobileNav user={user} open={mobileOpen} onOpenChange={setMobileOpen} />}
      {paletteLoaded && <CommandPalette role={user.role} open={paletteOpen} onOpenChange={setPaletteOpen} />}
      <KeyboardShortcuts open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      {notificationsLoaded && (
        <EmailNotificationsDialog open={notificationsOpen} onOpenChange={setNotificationsOpen} initial={user.emailNotification} />
      )}
      {calendarLoaded && <CalendarFeedDialog open={calendarOpen} onOpenChange={setCalendarOpen} role={user.role} />}
    </div>
  );
}
