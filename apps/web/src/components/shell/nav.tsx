"use client";
// The navigation by role and the product's mark: in the sidebar, and in the phone's sheet (mobile-nav.tsx).
import { isActiveNavItem, navItems, PRODUCT_NAME, type SessionUser } from "@atelier/domain";
import { cn } from "@atelier/ui";
import { Archive, BookOpen, Building2, CreditCard, FolderKanban, Gauge, Receipt, Users } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";

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

export function NavList({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
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

export function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2 px-3 font-semibold tracking-tight">
      <img src="/logo.svg" alt="" width={28} height={28} />
      {PRODUCT_NAME}
    </Link>
  );
}
