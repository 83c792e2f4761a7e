"use client";
// API tokens (docs/api.md): make a token for another app with its scopes and expiry, see it once to copy it, and list
// and revoke tokens. An admin's list holds everyone's tokens, and only an admin may grant the admin scope.
import type { RouterOutputs } from "@atelier/api";
import { API_SCOPES, API_TOKEN_NAME_MAX_LENGTH, type ApiScope, isAdmin, type Role } from "@atelier/domain";
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
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  return (
    <div className="grid max-w-3xl gap-6">
      <NewTokenForm role={role} onMade={setMade} />
      {made && <MadeToken made={made} onDone={() => setMade(null)} />}
      <TokenList showOwner={isAdmin(role)} />
    </div>
  );
}

function NewTokenForm({ role, onMade }: { role: Role; onMade: (made: { name: string; token: string }) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["projects:read"]);
  const [expiry, setExpiry] = useState("90");
  const create = useMutation(
    trpc.tokens.create.mutationOptions({
      onSuccess: ({ token }) => {
        onMade({ name: name.trim(), token });
        setName("");
        void queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
      },
    }),
  );
  const grantable = API_SCOPES.filter((scope) => scope !== "admin" || isAdmin(role));
  return (
    <Card>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, scopes, expiresInDays: expiry === "" ? undefined : Number(expiry) });
        }}
      >
        <CardHeader>
          <CardTitle>New API token</CardTitle>
          <CardDescription>
            A token lets another app or a script call the{" "}
            <a className="underline" href="/api/docs">
              Atelier API
            </a>{" "}
            as you, never beyond the scopes you give it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 pt-2">
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
  const state = token.revokedAt ? "Revoked" : expired ? "Expired" : null;
  return (
    <li className="grid gap-2 rounded-lg border p-4 text-sm" data-testid="token-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium">{token.name}</p>
          <p className="text-muted-foreground">
            <code>{token.hint}…</code>
            {showOwner && <span className="break-words"> · {token.ownerName ?? "No name"}</span>}
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
