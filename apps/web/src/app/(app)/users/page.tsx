"use client";
// Users: everyone with access; an admin sets each person's role and business here.
import { ROLE_LABELS, ROLES, type Role } from "@atelier/domain";
import { Badge, Skeleton, toast, UserAvatar } from "@atelier/ui";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { BusinessOptions } from "~/components/common/form-parts";
import { nextListPage } from "~/components/common/list-pages";
import { ListSearch } from "~/components/common/list-search";
import { LoadMore } from "~/components/common/load-more";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { UndeliveredMail } from "~/components/users/undelivered-mail";
import { useTRPC } from "~/trpc/react";

export default function UsersPage() {
  const trpc = useTRPC();
  const [query, setQuery] = useState("");
  const users = useInfiniteQuery(trpc.users.list.infiniteQueryOptions(query ? { query } : {}, { getNextPageParam: nextListPage }));
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  const setAccess = useMutation(
    trpc.users.setAccess.mutationOptions({
      onSuccess: () => toast({ title: "Access updated" }),
      onError: toastError,
    }),
  );

  return (
    <>
      <PageHeader
        title="Users"
        description="Who can sign in, their role, and the business a client belongs to."
        action={{ href: "/users/create", label: "Create User" }}
      />
      <UndeliveredMail />
      <ListSearch label="Search users" placeholder="Search by name or address" onSearch={setQuery} />
      {users.isPending && <Skeleton className="h-40" />}
      {users.error && <EmptyState title="Users could not be loaded" description={users.error.message} />}
      {users.data && (
        <div className="overflow-x-auto rounded-xl border">
          {/* On a phone each user is a card: the name above, the role and business side by side. */}
          <table className="w-full text-sm max-sm:block">
            <thead className="bg-muted/50 text-left text-muted-foreground max-sm:hidden">
              <tr>
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-4 py-2 font-medium">Role</th>
                <th className="px-4 py-2 font-medium">Business</th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {users.data.pages
                .flatMap((page) => page.items)
                .map((u) => (
                  <tr
                    key={u.id}
                    className="border-t max-sm:grid max-sm:grid-cols-2 max-sm:gap-2 max-sm:p-3 max-sm:first:border-t-0"
                    data-testid="user-row"
                  >
                    <td className="px-4 py-2 max-sm:col-span-2 max-sm:p-0">
                      <Link
                        href={`/users/${u.id}`}
                        className="flex min-h-11 items-center gap-3 rounded-md underline-offset-4 hover:underline"
                        title={u.email ?? undefined}
                      >
                        <UserAvatar name={u.name ?? u.email} src={u.image} size="sm" />
                        <div className="min-w-0">
                          <div className="flex items-center gap-2 font-medium">
                            <span className="truncate" title={u.name ?? undefined}>
                              {u.name ?? "Invited"}
                            </span>
                            {u.deactivatedAt && <Badge variant="destructive">Deactivated</Badge>}
                          </div>
                          <div className="truncate text-xs text-muted-foreground" title={u.email ?? undefined}>
                            {u.email}
                          </div>
                        </div>
                      </Link>
                    </td>
                    <td className="px-4 py-2 max-sm:p-0">
                      <NativeSelect
                        aria-label={`Role of ${u.email}`}
                        className="min-w-28 max-sm:w-full max-sm:min-w-0"
                        value={u.role}
                        onChange={(e) => setAccess.mutate({ id: u.id, role: e.target.value as Role })}
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </NativeSelect>
                    </td>
                    <td className="px-4 py-2 max-sm:p-0">
                      <NativeSelect
                        aria-label={`Business of ${u.email}`}
                        className="min-w-36 max-sm:w-full max-sm:min-w-0"
                        value={u.businessId ?? ""}
                        onChange={(e) => setAccess.mutate({ id: u.id, businessId: e.target.value || null })}
                      >
                        <option value="">None</option>
                        <BusinessOptions businesses={businesses.data} />
                      </NativeSelect>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        hasMore={users.hasNextPage}
        loading={users.isFetchingNextPage}
        onLoad={() => void users.fetchNextPage()}
        label="More users"
      />
    </>
  );
}
