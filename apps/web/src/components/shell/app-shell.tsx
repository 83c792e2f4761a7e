"use client";
// The application shell: sidebar by role, mobile slide-over, command palette, theme toggle and the avatar menu.
import { editProfileHref, isActiveNavItem, navItems, PRODUCT_NAME, type SessionUser } from "@atelier/domain";
import {
  Button,
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
  ThemeToggle,
  UserAvatar,
} from "@atelier/ui";
import { Archive, BookOpen, Building2, CreditCard, FolderKanban, Gauge, Menu, Receipt, Search, Users } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { type ReactNode, useEffect, useState } from "react";
import { useOpenedOnce } from "~/components/common/use-opened-once";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { KeyboardShortcuts } from "./keyboard-shortcuts";

// The palette and the account menu's dialogs load when first opened, not with every page (docs/performance.md).
const CommandPalette = dynamic(() => import("./command-palette").then((m) => m.CommandPalette), { ssr: false });
const EmailNotificationsDialog = dynamic(
  () => import("~/components/notifications/email-notifications-dialog").then((m) => m.EmailNotificationsDialog),
  { ssr: false },
);
const CalendarFeedDialog = dynamic(() => import("~/components/calendar/calendar-feed-dialog").then((m) => m.CalendarFeedDialog), {
  ssr: false,
});

/** Whether the page has had a quiet moment since it loaded (at the latest after 3 s): time to fetch what may be used. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(() => setIdle(true), 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}

const ICONS: Record<string, typeof Archive> = {
  "/": FolderKanban,
  "/archives": Archive,
  "/clients": Building2,
  "/workload": Gauge,
  "/users": Users,
  "/invoices": Receipt,
  "/settings": CreditCard,
  "/blog": BookOpen,
};

function NavList({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="grid gap-1">
      {navItems(user.role).map((item) => {
        const Icon = ICONS[item.href] ?? FolderKanban;
        const active = isActiveNavItem(pathname, item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
              active ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden />
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}

function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2 px-3 font-semibold tracking-tight">
      <img src="/logo.svg" alt="" width={28} height={28} />
      {PRODUCT_NAME}
    </Link>
  );
}

function UserMenu({
  user,
  onEmailNotifications,
  onCalendarFeed,
  onShortcuts,
}: {
  user: SessionUser;
  onEmailNotifications: () => void;
  onCalendarFeed: () => void;
  onShortcuts: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          <UserAvatar name={user.name} src={user.image} size="sm" decorative />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>
          <div className="truncate" title={user.name ?? undefined}>
            {user.name}
          </div>
          <div className="truncate text-xs font-normal text-muted-foreground" title={user.email ?? undefined}>
            {user.email}
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={editProfileHref(user.id)}>Edit Profile</Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onEmailNotifications}>Email Notifications</DropdownMenuItem>
        <DropdownMenuItem onSelect={onCalendarFeed}>Calendar feed</DropdownMenuItem>
        <DropdownMenuItem onSelect={onShortcuts}>Keyboard shortcuts</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut({ callbackUrl: "/" })}>Sign out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
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
          <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu className="size-5" aria-hidden />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="w-72 p-4">
              <SheetHeader>
                <SheetTitle className="sr-only">Menu</SheetTitle>
                <SheetDescription className="sr-only">Pages of {PRODUCT_NAME}</SheetDescription>
              </SheetHeader>
              <Brand />
              <div className="mt-6">
                <NavList user={user} onNavigate={() => setMobileOpen(false)} />
              </div>
            </SheetContent>
          </Sheet>
          {/* On a phone the search is an icon, so the bell and the account menu stay on screen. */}
          <Button
            variant="outline"
            className="size-11 min-w-0 shrink justify-center gap-2 p-0 text-muted-foreground sm:h-9 sm:w-full sm:max-w-xs sm:justify-start sm:px-3"
            aria-keyshortcuts="Control+K"
            onClick={() => setPaletteOpen(true)}
          >
            <Search className="size-4 shrink-0" aria-hidden />
            {/* Named by its text (read out on a phone too), so the name holds everything it shows. */}
            <span className="sr-only flex-1 truncate text-left sm:not-sr-only">Search or run a command</span>
            <kbd aria-hidden className="hidden rounded border bg-muted px-1.5 text-[10px] font-medium sm:inline">
              Ctrl K
            </kbd>
          </Button>
          <div className="ml-auto flex shrink-0 items-center gap-1">
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
      {paletteLoaded && <CommandPalette role={user.role} open={paletteOpen} onOpenChange={setPaletteOpen} />}
      <KeyboardShortcuts open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      {notificationsLoaded && (
        <EmailNotificationsDialog open={notificationsOpen} onOpenChange={setNotificationsOpen} initial={user.emailNotification} />
      )}
      {calendarLoaded && <CalendarFeedDialog open={calendarOpen} onOpenChange={setCalendarOpen} role={user.role} />}
    </div>
  );
}
