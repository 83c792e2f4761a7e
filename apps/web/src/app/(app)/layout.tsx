"use client";
// Every application page sits behind the session gate, inside the shell, and opens only for the roles it serves.
import { canOpenRoute } from "@atelier/domain";
import { usePathname } from "next/navigation";
import { useSession } from "next-auth/react";
import type { ReactNode } from "react";
import { EmptyState } from "~/components/common/empty-state";
import { SessionGate } from "~/components/session/session-gate";
import { AppShell } from "~/components/shell/app-shell";
import { DataProviders } from "~/components/shell/data-providers";

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
    <DataProviders>
      <SessionGate>
        <Shell>{children}</Shell>
      </SessionGate>
    </DataProviders>
  );
}
