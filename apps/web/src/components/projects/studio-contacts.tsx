"use client";
// Above a client's projects: a link to its business's page, or, for someone not linked to a business yet,
// the studio's admins to write to (the admins were told of the sign-up by mail).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSession } from "next-auth/react";
import { useTRPC } from "~/trpc/react";

export function StudioContacts() {
  const trpc = useTRPC();
  const { data: session } = useSession();
  const user = session?.user;
  const waiting = user?.role === "client" && !user.businessId;
  const contacts = useQuery({ ...trpc.users.contacts.queryOptions(), enabled: waiting });
  if (user?.role === "client" && user.businessId)
    return (
      <p className="mb-4 text-sm">
        <Link
          href={`/businesses/${user.businessId}`}
          className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline"
        >
          Your business: people, projects and brand library
        </Link>
      </p>
    );
  if (!waiting || !contacts.data?.length) return null;
  return (
    <aside className="mb-6 rounded-xl border bg-muted/40 p-4 text-sm" data-testid="studio-contacts">
      <p className="font-medium">The studio has been told you signed up.</p>
      <p className="text-muted-foreground">
        Once they link your account to your business, its projects appear here. To speed that up, write to:
      </p>
      <ul className="mt-2 grid gap-1">
        {contacts.data.map((c) => (
          <li key={c.email} className="min-w-0 truncate" title={c.email ?? ""}>
            {c.name ? `${c.name} · ` : ""}
            <a className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline" href={`mailto:${c.email}`}>
              {c.email}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
