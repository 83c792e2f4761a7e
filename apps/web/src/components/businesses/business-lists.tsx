"use client";
// A business's people, projects and, for an admin, invoices with what it owes.
import { formatMoney, ROLE_LABELS } from "@atelier/domain";
import { Badge, Card, CardContent, CardHeader, CardTitle, UserAvatar } from "@atelier/ui";
import Link from "next/link";
import { useSession } from "next-auth/react";
import { InvoiceTable } from "~/components/invoices/invoice-table";
import type { BusinessPageData } from "./types";

const row = "flex min-h-11 items-center gap-3 rounded-md px-2";

export function BusinessMembers({ members }: { members: BusinessPageData["members"] }) {
  const { data: session } = useSession();
  const admin = session?.user.role === "admin";
  return (
    <Card>
      <CardHeader>
        <CardTitle>People</CardTitle>
      </CardHeader>
      <CardContent>
        {members.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody is linked to this business yet.</p>
        ) : (
          <ul className="grid gap-1" data-testid="business-members">
            {members.map((m) => {
              const label = m.name ?? m.email ?? "Invited";
              const inner = (
                <>
                  <UserAvatar name={label} src={m.image} size="sm" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium" title={label}>
                      {label}
                    </span>
                    {m.email && (
                      <span className="block truncate text-xs text-muted-foreground" title={m.email}>
                        {m.email}
                      </span>
                    )}
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">{ROLE_LABELS[m.role]}</span>
                  {m.deactivatedAt && <Badge variant="destructive">Deactivated</Badge>}
                </>
              );
              return (
                <li key={m.id}>
                  {admin ? (
                    <Link href={`/users/${m.id}`} className={`${row} hover:bg-muted`}>
                      {inner}
                    </Link>
                  ) : (
                    <div className={row}>{inner}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function BusinessProjects({ projects }: { projects: BusinessPageData["projects"] }) {
  const groups = [
    { title: "Active", items: projects.filter((p) => !p.archived) },
    { title: "Archived", items: projects.filter((p) => p.archived) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Projects</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {groups.map((g) => (
          <section key={g.title}>
            <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">
              {g.title} ({g.items.length})
            </h3>
            {g.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">None.</p>
            ) : (
              <ul className="grid gap-1" data-testid={`business-projects-${g.title.toLowerCase()}`}>
                {g.items.map((p) => (
                  <li key={p.id}>
                    <Link href={`/projects/${p.id}`} className={`${row} justify-between hover:bg-muted`} title={p.title}>
                      <span className="truncate" title={p.title}>
                        {p.title}
                      </span>
                      {p.assigneeName && <span className="shrink-0 text-xs text-muted-foreground">{p.assigneeName}</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

export function BusinessInvoices({
  invoices,
  balances,
}: {
  invoices: NonNullable<BusinessPageData["invoices"]>;
  balances: NonNullable<BusinessPageData["balances"]>;
}) {
  const owed = balances.filter((b) => b.balance !== 0);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Invoices</CardTitle>
        <p className="text-sm" data-testid="business-balance">
          {owed.length === 0 ? "Nothing owed" : `Owed: ${owed.map((b) => formatMoney(b.balance, b.currency)).join(" + ")}`}
        </p>
      </CardHeader>
      <CardContent>
        {invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <InvoiceTable invoices={invoices} showBusiness={false} hrefFor={(id) => `/invoices/${id}`} />
        )}
      </CardContent>
    </Card>
  );
}
