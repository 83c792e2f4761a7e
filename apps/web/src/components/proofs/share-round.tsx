"use client";
// Staff share a round with guests by link (docs/guest-review.md): how long it lasts, an optional password and
// addresses; the link is shown once, to copy; the round's links are listed with their limits, and can be withdrawn.
import { GUEST_SHARE_MAX_DAYS, GUEST_SHARE_MIN_DAYS } from "@atelier/domain";
import { Button, Input, Label } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormError } from "~/components/common/form-parts";
import { LocalDate } from "~/components/common/local-time";
import { ShownOnce } from "~/components/common/shown-once";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

const DEFAULT_DAYS = 14;

export function ShareRound({ proofId }: { proofId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [password, setPassword] = useState("");
  const [emails, setEmails] = useState("");
  const [url, setUrl] = useState<string | null>(null);
  const shares = useQuery({ ...trpc.proofs.shares.queryOptions({ proofId }), enabled: opened });
  const refresh = () => void queryClient.invalidateQueries(trpc.proofs.shares.queryFilter({ proofId }));
  const share = useMutation(
    trpc.proofs.share.mutationOptions({
      onSuccess: (made) => {
        setUrl(made.url);
        setPassword("");
        refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.proofs.revokeShare.mutationOptions({ onSuccess: refresh, onError: toastError }));
  const addresses = emails
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

  if (!opened)
    return (
      <Button variant="outline" className="h-11 w-fit" onClick={() => setOpened(true)}>
        Share for review
      </Button>
    );
  return (
    <div className="grid gap-3 rounded-md border p-3" data-testid="share-round">
      <form
        className="grid gap-3 sm:grid-cols-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          share.mutate({
            proofId,
            expiresInDays: Number(days),
            ...(password ? { password } : {}),
            ...(addresses.length ? { emails: addresses } : {}),
          });
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`share-days-${proofId}`}>Days the link lasts</Label>
          <Input
            id={`share-days-${proofId}`}
            type="number"
            min={GUEST_SHARE_MIN_DAYS}
            max={GUEST_SHARE_MAX_DAYS}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`share-password-${proofId}`}>Password (optional)</Label>
          <Input
            id={`share-password-${proofId}`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`share-emails-${proofId}`}>Only for these addresses (optional)</Label>
          <Input
            id={`share-emails-${proofId}`}
            value={emails}
            onChange={(e) => setEmails(e.target.value)}
            placeholder="ana@client.com, …"
          />
        </div>
        <div className="sm:col-span-3">
          <Button type="submit" className="h-11" disabled={share.isPending}>
            {share.isPending ? "Making the link…" : "Make a review link"}
          </Button>
          <FormError error={share.error} />
        </div>
      </form>
      {url && <ShownOnce value={url} noun="link" label="Review link" testId="share-url" />}
      <ul className="grid gap-2">
        {shares.data?.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm" data-testid="share-link">
            <span className="min-w-0 flex-1 wrap-anywhere">
              {s.revokedAt ? (
                <>Withdrawn</>
              ) : (
                <>
                  Until <LocalDate at={s.expiresAt} />
                </>
              )}
              {" · "}
              {s.emails.length ? s.emails.join(", ") : "anyone with the link"}
              {s.hasPassword ? " · password" : ""}
              {" · "}
              {s.lastOpenedAt ? (
                <>
                  last opened <LocalDate at={s.lastOpenedAt} />
                </>
              ) : (
                "not opened yet"
              )}
            </span>
            {!s.revokedAt && (
              <Button variant="outline" className="h-11" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: s.id })}>
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
