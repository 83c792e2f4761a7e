"use client";
// One user, for an admin: who they are, their role and business, what they did lately, and deactivation.
import { isInternalNote, MAIL_PREFERENCE_LABELS, ROLE_LABELS, ROLES, type Role } from "@atelier/domain";
import { Badge, buttonVariants, Card, CardContent, CardHeader, CardTitle, Label, Skeleton, toast, UserAvatar } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useSession } from "next-auth/react";
import { ConfirmButton } from "~/components/common/confirm-button";
import { EmptyState } from "~/components/common/empty-state";
import { BusinessOptions } from "~/components/common/form-parts";
import { LocalDate } from "~/components/common/local-time";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

export default function UserPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const overview = useQuery(trpc.users.overview.queryOptions({ id }));
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
  const setAccess = useMutation(
    trpc.users.setAccess.mutationOptions({
      onSuccess: () => {
        toast({ title: "Access updated" });
        return refresh();
      },
      onError: toastError,
    }),
  );
  const setActive = useMutation(
    trpc.users.setActive.mutationOptions({
      onSuccess: (done) => {
        toast({ title: done.deactivatedAt ? "Deactivated: signed out everywhere" : "Reactivated" });
        return refresh();
      },
      onError: toastError,
    }),
  );

  if (overview.isPending) return <Skeleton className="h-96" />;
  if (!overview.data) return <EmptyState title="No such user" description={overview.error?.message ?? ""} />;
  const { user, projects, comments } = overview.data;
  const label = user.name ?? user.email ?? "Invited";
  const self = session?.user?.id === user.id;

  return (
    <div className="grid max-w-4xl gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <UserAvatar name={label} src={user.image} size="lg" />
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
              <span className="truncate" title={label}>
                {label}
              </span>
              {user.deactivatedAt && <Badge variant="destructive">Deactivated</Badge>}
            </h1>
            <p className="truncate text-sm text-muted-foreground" title={user.email ?? ""}>
              {user.email}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            href={`/users/edit/${user.id}`}
            className={buttonVariants({ variant: "outline", size: "sm", className: "max-sm:min-h-11" })}
          >
            Edit profile
          </Link>
          {!self &&
            (user.deactivatedAt ? (
              <ConfirmButton
                label="Reactivate"
                title={`Reactivate ${label}?`}
                description="They can sign in again with a new sign-in link."
                confirmLabel="Reactivate"
                pending={setActive.isPending}
                onConfirm={() => setActive.mutate({ id: user.id, active: true })}
              />
            ) : (
              <ConfirmButton
                label="Deactivate"
                variant="destructive"
                title={`Deactivate ${label}?`}
                description="They are signed out everywhere at once and cannot sign in again until reactivated. Their projects and comments stay."
                confirmLabel="Deactivate"
                pending={setActive.isPending}
                onConfirm={() => setActive.mutate({ id: user.id, active: false })}
              />
            ))}
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Access</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="user-role">Role</Label>
            <NativeSelect
              id="user-role"
              value={user.role}
              onChange={(e) => setAccess.mutate({ id: user.id, role: e.target.value as Role })}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="user-business">Business</Label>
            <NativeSelect
              id="user-business"
              value={user.businessId ?? ""}
              onChange={(e) => setAccess.mutate({ id: user.id, businessId: e.target.value || null })}
            >
              <option value="">None</option>
              <BusinessOptions businesses={businesses.data} />
            </NativeSelect>
          </div>
          <dl className="grid gap-1 text-sm sm:col-span-2 sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="text-muted-foreground">Joined</dt>
            <dd>
              <LocalDate at={user.createdAt} />
            </dd>
            {user.businessId && (
              <>
                <dt className="text-muted-foreground">Business</dt>
                <dd>
                  <Link
                    href={`/businesses/${user.businessId}`}
                    className="inline-flex min-h-11 items-center underline-offset-4 hover:underline sm:min-h-0"
                  >
                    {user.businessName}
                  </Link>
                </dd>
              </>
            )}
            <dt className="text-muted-foreground">Mail</dt>
            <dd>{MAIL_PREFERENCE_LABELS[user.mailPreference]}</dd>
            {user.deactivatedAt && (
              <>
                <dt className="text-muted-foreground">Deactivated</dt>
                <dd>
                  <LocalDate at={user.deactivatedAt} />
                </dd>
              </>
            )}
          </dl>
        </CardContent>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Projects</CardTitle>
          </CardHeader>
          <CardContent>
            {projects.length === 0 ? (
              <p className="text-sm text-muted-foreground">None started or assigned.</p>
            ) : (
              <ul className="grid gap-1">
                {projects.map((p) => (
                  <li key={p.id}>
                    <Link
                      href={`/projects/${p.id}`}
                      className="flex min-h-11 items-center justify-between gap-2 rounded-md px-2 hover:bg-muted"
                      title={p.title}
                    >
                      <span className="truncate" title={p.title}>
                        {p.title}
                      </span>
                      <span className="shrink-0 text-xs text-muted-foreground">
                        {p.assigneeId === user.id ? "Assigned" : "Started"}
                        {p.archived ? " · archived" : ""}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recent comments</CardTitle>
          </CardHeader>
          <CardContent>
            {comments.length === 0 ? (
              <p className="text-sm text-muted-foreground">No comments yet.</p>
            ) : (
              <ul className="grid gap-1">
                {comments.map((c) => (
                  <li key={c.id}>
                    <Link href={`/projects/${c.projectId}`} className="block min-h-11 rounded-md px-2 py-1 hover:bg-muted" title={c.body}>
                      <span className="line-clamp-2 wrap-anywhere text-sm">{c.body}</span>
                      <span className="text-xs text-muted-foreground">
                        {c.projectTitle} · <LocalDate at={c.createdAt} />
                        {isInternalNote(c.event) ? " · internal" : ""}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
