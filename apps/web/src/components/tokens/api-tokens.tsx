"use client";
// API tokens (docs/api.md): make a token for another app with its scopes and expiry, see it once to copy it, and list
// and revoke tokens. An admin's list holds everyone's tokens, only an admin may grant the admin scope, and an admin
// makes apps: accounts that are not people, with a role, owning tokens that outlive whoever made them.
import type { RouterOutputs } from "@atelier/api";
import {
  API_SCOPES,
  API_TOKEN_NAME_MAX_LENGTH,
  type ApiScope,
  canGrantScopes,
  isAdmin,
  plural,
  ROLE_LABELS,
  ROLES,
  type Role,
  USER_NAME_MAX_LENGTH,
} from "@atelier/domain";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  Input,
  Label,
  Skeleton,
  toast,
} from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ConfirmButton } from "~/components/common/confirm-button";
import { EmptyState } from "~/components/common/empty-state";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { LocalTime } from "~/components/common/local-time";
import { NativeSelect } from "~/components/common/native-select";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

type Token = RouterOutputs["tokens"]["list"][number];
type App = RouterOutputs["tokens"]["apps"][number];

const SCOPE_LABELS: Record<ApiScope, string> = {
  "projects:read": "Read projects, threads, files and proofs",
  "projects:write": "Start projects",
  "comments:write": "Comment in threads",
  "files:write": "Upload files",
  "invoices:read": "Read invoices",
  admin: "Everything above (admins only)",
};

const EXPIRIES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "366", label: "A year" },
  { value: "", label: "Never" },
];

export function ApiTokens({ role }: { role: Role }) {
  const trpc = useTRPC();
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const apps = useQuery({ ...trpc.tokens.apps.queryOptions(), enabled: isAdmin(role) });
  const liveApps = (apps.data ?? []).filter((app) => app.deactivatedAt === null);
  return (
    <div className="grid max-w-3xl gap-6">
      <NewTokenForm role={role} apps={liveApps} onMade={setMade} />
      {made && <MadeToken made={made} onDone={() => setMade(null)} />}
      <TokenList showOwner={isAdmin(role)} />
      {isAdmin(role) && <Apps apps={apps.data} />}
    </div>
  );
}

function NewTokenForm({ role, apps, onMade }: { role: Role; apps: App[]; onMade: (made: { name: string; token: string }) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["projects:read"]);
  const [expiry, setExpiry] = useState("90");
  // "" is the caller's own token; otherwise an app's id.
  const [owner, setOwner] = useState("");
  const app = apps.find((a) => a.id === owner);
  const create = useMutation(
    trpc.tokens.create.mutationOptions({
      onSuccess: ({ token }) => {
        onMade({ name: name.trim(), token });
        setName("");
        void queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.tokens.apps.queryKey() });
      },
    }),
  );
  // A token carries no more than its owner may: the admin scope is an admin's, or an admin app's.
  const grantable = API_SCOPES.filter((scope) => canGrantScopes(app?.role ?? role, [scope]));
  return (
    <Card>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({
            name,
            scopes: scopes.filter((scope) => grantable.includes(scope)),
            expiresInDays: expiry === "" ? undefined : Number(expiry),
            ...(app ? { appId: app.id } : {}),
          });
        }}
      >
        <CardHeader>
          <CardTitle>New API token</CardTitle>
          <CardDescription>
            A token lets another app or a script call the{" "}
            <a className="underline" href="/api/docs">
              Atelier API
            </a>{" "}
            as you, or as an app, never beyond the scopes you give it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 pt-2">
          {apps.length > 0 && (
            <div className="grid gap-2 sm:max-w-sm">
              <Label htmlFor={`${id}-owner`}>Acts as</Label>
              <NativeSelect id={`${id}-owner`} value={owner} onChange={(e) => setOwner(e.target.value)}>
                <option value="">You</option>
                {apps.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name} (app)
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={API_TOKEN_NAME_MAX_LENGTH}
              placeholder="Print shop sync"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Scopes</legend>
            {grantable.map((scope) => (
              // The whole row is the checkbox's label: a fingertip hits it anywhere on a phone.
              <Label key={scope} className="flex min-h-11 items-center gap-3 font-normal sm:min-h-8">
                <Checkbox
                  checked={scopes.includes(scope)}
                  onCheckedChange={(on) => setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)))}
                />
                <span>
                  <code className="whitespace-nowrap text-xs">{scope}</code>{" "}
                  <span className="text-muted-foreground">{SCOPE_LABELS[scope]}</span>
                </span>
              </Label>
            ))}
          </fieldset>
          <div className="grid gap-2 sm:max-w-48">
            <Label htmlFor={`${id}-expiry`}>Expires after</Label>
            <NativeSelect id={`${id}-expiry`} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
              {EXPIRIES.map((e) => (
                <option key={e.value} value={e.value}>
                  {e.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <FormError error={create.error} />
          <div className="flex justify-end">
            <SubmitButton pending={create.isPending} pendingLabel="Creating…">
              Create token
            </SubmitButton>
          </div>
        </CardContent>
      </form>
    </Card>
  );
}

function MadeToken({ made, onDone }: { made: { name: string; token: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Card className="border-primary" data-testid="new-token">
      <CardHeader>
        <CardTitle className="break-words">Your token “{made.name}”</CardTitle>
        <CardDescription>
          Copy it now: it is shown this once and cannot be read back. Keep it secret, as you would a password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <code className="block break-all rounded bg-muted p-3 text-sm" data-testid="token-secret">
          {made.token}
        </code>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            className="max-sm:min-h-11"
            onClick={() =>
              navigator.clipboard.writeText(made.token).then(
                () => {
                  setCopied(true);
                  toast({ title: "Token copied" });
                },
                () => toast({ title: "Could not copy: select the token and copy it by hand." }),
              )
            }
          >
            {copied ? "Copied" : "Copy token"}
          </Button>
          <Button type="button" variant="outline" className="max-sm:min-h-11" onClick={onDone}>
            Done
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function TokenList({ showOwner }: { showOwner: boolean }) {
  const trpc = useTRPC();
  const tokens = useQuery(trpc.tokens.list.queryOptions());
  if (!tokens.data) return <Skeleton className="h-32" />;
  if (tokens.data.length === 0) return <EmptyState title="No tokens yet" description="Tokens you create are listed here." />;
  return (
    <section aria-labelledby="tokens-heading" className="grid gap-3">
      <h2 id="tokens-heading" className="text-lg font-semibold">
        Tokens
      </h2>
      <ul className="grid gap-3">
        {tokens.data.map((token) => (
          <TokenRow key={token.id} token={token} showOwner={showOwner} />
        ))}
      </ul>
    </section>
  );
}

function TokenRow({ token, showOwner }: { token: Token; showOwner: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions({
      onSuccess: () => {
        toast({ title: "Token revoked" });
        void queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
      },
      onError: toastError,
    }),
  );
  const expired = token.expiresAt !== null && token.expiresAt <= new Date();
  // A token is refused as well while its owner is deactivated, or its app retired.
  const ownerGone = token.ownerDeactivatedAt === null ? null : token.ownerKind === "app" ? "App retired" : "Owner deactivated";
  const state = token.revokedAt ? "Revoked" : expired ? "Expired" : ownerGone;
  return (
    <li className="grid gap-2 rounded-lg border p-4 text-sm" data-testid="token-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium">{token.name}</p>
          <p className="text-muted-foreground">
            <code>{token.hint}…</code>
            {showOwner && (
              <span className="break-words">
                {" "}
                · {token.ownerName ?? "No name"}
                {token.ownerKind === "app" && " (app)"}
              </span>
            )}
          </p>
        </div>
        {state ? (
          <Badge variant="secondary">{state}</Badge>
        ) : (
          <ConfirmButton
            label="Revoke"
            title={`Revoke “${token.name}”?`}
            description="Apps using this token are refused from their next call. This cannot be undone."
            confirmLabel="Revoke token"
            variant="destructive"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate({ id: token.id })}
          />
        )}
      </div>
      <div className="flex flex-wrap gap-1">
        {token.scopes.map((scope) => (
          <Badge key={scope} variant="outline">
            {scope}
          </Badge>
        ))}
      </div>
      <p className="text-muted-foreground">
        Created <LocalTime at={token.createdAt} /> ·{" "}
        {token.expiresAt ? (
          <>
            Expires <LocalTime at={token.expiresAt} />
          </>
        ) : (
          "Never expires"
        )}{" "}
        ·{" "}
        {token.lastUsedAt ? (
          <>
            Last used <LocalTime at={token.lastUsedAt} />
          </>
        ) : (
          "Never used"
        )}
      </p>
    </li>
  );
}

const roleOfApp = (app: App) => (app.role === "client" ? `Client of ${app.businessName ?? "a business"}` : ROLE_LABELS[app.role]);

/** The studio's apps: made here, each acting with a role; retiring one refuses all its tokens. */
function Apps({ apps }: { apps: App[] | undefined }) {
  return (
    <section aria-labelledby="apps-heading" className="grid gap-3">
      <div>
        <h2 id="apps-heading" className="text-lg font-semibold">
          Apps
        </h2>
        <p className="text-sm text-muted-foreground">
          An app is not a person: its tokens keep working when whoever made them leaves, and what it writes is in its name. It acts with the
          role you give it, for one business when it is a client's.
        </p>
      </div>
      <NewAppForm />
      {!apps ? (
        <Skeleton className="h-20" />
      ) : apps.length === 0 ? (
        <EmptyState title="No apps yet" description="Add an app above, then make its tokens with “Acts as”." />
      ) : (
        <ul className="grid gap-3">
          {apps.map((app) => (
            <AppRow key={app.id} app={app} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NewAppForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("creative");
  const [businessId, setBusinessId] = useState("");
  const businesses = useQuery({ ...trpc.businesses.list.queryOptions(), enabled: role === "client" });
  const create = useMutation(
    trpc.tokens.createApp.mutationOptions({
      onSuccess: () => {
        toast({ title: `App “${name.trim()}” added`, description: "Make its tokens above, with “Acts as”." });
        setName("");
        void queryClient.invalidateQueries({ queryKey: trpc.tokens.apps.queryKey() });
      },
    }),
  );
  return (
    <Card>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // An unchosen business is sent as "", and answered with the schema's "Choose the business…".
          create.mutate(role === "client" ? { name, role, businessId } : { name, role });
        }}
      >
        <CardHeader>
          <CardTitle>New app</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 pt-2 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-app-name`}>App name</Label>
            <Input
              id={`${id}-app-name`}
              value={name}
              maxLength={USER_NAME_MAX_LENGTH}
              placeholder="Print shop"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-app-role`}>Role</Label>
            <NativeSelect id={`${id}-app-role`} value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r === "client" ? "A client of one business" : `The studio, as ${ROLE_LABELS[r].toLowerCase()}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          {role === "client" && (
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor={`${id}-app-business`}>Business</Label>
              <NativeSelect id={`${id}-app-business`} value={businessId} onChange={(e) => setBusinessId(e.target.value)}>
                <option value="">Choose a business…</option>
                {businesses.data?.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <div className="sm:col-span-2">
            <FormError error={create.error} />
          </div>
          <div className="flex justify-end sm:col-span-2">
            <SubmitButton pending={create.isPending} pendingLabel="Adding…">
              Add app
            </SubmitButton>
          </div>
        </CardContent>
      </form>
    </Card>
  );
}

function AppRow({ app }: { app: App }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retire = useMutation(
    trpc.tokens.retireApp.mutationOptions({
      onSuccess: () => {
        toast({ title: `App “${app.name}” retired` });
        void queryClient.invalidateQueries({ queryKey: trpc.tokens.apps.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
      },
      onError: toastError,
    }),
  );
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-lg border p-4 text-sm" data-testid="app-row">
      <div className="min-w-0">
        <p className="break-words font-medium">{app.name}</p>
        <p className="break-words text-muted-foreground">
          {roleOfApp(app)}
          {app.deactivatedAt === null && ` · ${plural(app.liveTokens ?? 0, "live token")}`} · Added <LocalTime at={app.createdAt} />
        </p>
      </div>
      {app.deactivatedAt ? (
        <Badge variant="secondary">Retired</Badge>
      ) : (
        <ConfirmButton
          label="Retire"
          title={`Retire “${app.name}”?`}
          description="Every token of this app is refused from its next call. What it wrote stays, in its name. This cannot be undone."
          confirmLabel="Retire app"
          variant="destructive"
          pending={retire.isPending}
          onConfirm={() => retire.mutate({ id: app.id })}
        />
      )}
    </li>
  );
}
