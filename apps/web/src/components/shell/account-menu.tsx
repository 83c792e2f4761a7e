"use client";
// The account menu: profile, e-mail notifications, calendar feed, shortcuts, sign out. Loaded on demand by the shell
// (DeferredMenu), not with every page.
import { editProfileHref, type SessionUser } from "@atelier/domain";
import {
  type DeferredMenuProps,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@atelier/ui";
import Link from "next/link";
import { signOut } from "next-auth/react";

export interface AccountMenuActions {
  user: SessionUser;
  onEmailNotifications: () => void;
  onCalendarFeed: () => void;
  onShortcuts: () => void;
}

export default function AccountMenu({
  trigger,
  defaultOpen,
  user,
  onEmailNotifications,
  onCalendarFeed,
  onShortcuts,
}: DeferredMenuProps & AccountMenuActions) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
