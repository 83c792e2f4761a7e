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
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { type ReactNode, useState } from "react";
import { CommandPalette } from "./command-palette";
import { EmailNotificationsDialog } from "./email-notifications-dialog";
import { NotificationBell } from "./notification-bell";

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

function UserMenu({ user, onEmailNotifications }: { user: SessionUser; onEmailNotifications: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          <UserAvatar name={user.name} src={user.image} size="sm" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>
          <div className="truncate">{user.name}</div>
          <div className="truncate text-xs font-normal text-muted-foreground">{user.email}</div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={editProfileHref(user.id)}>Edit Profile</Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onEmailNotifications}>Email Notifications</DropdownMenuItem>
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

  return (
    <div className="flex min-h-dvh">
      <aside className="hidden w-60 shrink-0 flex-col gap-6 border-r bg-sidebar p-4 md:flex" data-testid="sidebar">
        <Brand />
        <NavList user={user} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/80 px-4 backdrop-blur">
          <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu className="size-5" />
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
          <Button
            variant="outline"
            className="h-9 w-full max-w-xs justify-start gap-2 text-muted-foreground"
            onClick={() => setPaletteOpen(true)}
          >
            <Search className="size-4" aria-hidden />
            <span className="flex-1 text-left">Search or run a command</span>
            <kbd className="hidden rounded border bg-muted px-1.5 text-[10px] font-medium sm:inline">Ctrl K</kbd>
          </Button>
          <div className="ml-auto flex items-center gap-1">
            <NotificationBell user={user} />
            <ThemeToggle />
            <UserMenu user={user} onEmailNotifications={() => setNotificationsOpen(true)} />
          </div>
        </header>
        <main className="flex-1 p-4 md:p-8">{children}</main>
      </div>
      <CommandPalette role={user.role} open={paletteOpen} onOpenChange={setPaletteOpen} />
      <EmailNotificationsDialog open={notificationsOpen} onOpenChange={setNotificationsOpen} initial={user.emailNotification} />
    </div>
  );
}
