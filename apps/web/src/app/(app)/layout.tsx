"use client";
// Every application page sits behind the session gate, inside the shell, and opens only for the roles it serves.
import { canOpenRoute } from "@atelier/domain";
import { usePathname } from "next/navigation";
import { useSession } from "next-auth/react";
import type { ReactNode } from "react";
import { AppShell } from "~/components/app-shell";
import { EmptyState } from "~/components/empty-state";
import { SessionGate } from "~/components/session-gate";

function Shell({ children }: { children: ReactNode }) {
  const { data } = useSession();
  const pathname = usePathname();
  if (!data) return null;
  return (
    <AppShell user={data.user}>
      {canOpenRoute(data.user.role, pathname) ? (
        children
      ) : (
        <EmptyState title="Not available" description="Your role does not give access to this page." />
      )}
    </AppShell>
  );
}

export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <SessionGate>
      <Shell>{children}</Shell>
    </SessionGate>
  );
}
