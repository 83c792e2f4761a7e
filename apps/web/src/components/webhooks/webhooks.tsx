"use client";
// Webhooks (docs/webhooks.md), an admin's page: register an endpoint for the events it wants, in signed JSON for
// another app or as messages in a Slack-compatible channel, for the whole studio or one business; see each endpoint's
// latest deliveries (status, HTTP answer, time taken, why one failed) and send one again; remove an endpoint.
import type { RouterOutputs } from "@atelier/api";
import {
  WEBHOOK_EVENTS,
  WEBHOOK_FORMAT_LABELS,
  WEBHOOK_FORMATS,
  WEBHOOK_NAME_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEvent,
  type WebhookFormat,
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
import { ShownOnce } from "~/components/common/shown-once";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

type Endpoint = RouterOutputs["webhooks"]["list"][number];
type Delivery = Endpoint["deliveries"][number];

const EVENT_LABELS: Record<WebhookEvent, string> = {
  "project.created": "A project is started",
  "comment.created": "A comment is posted",
  "proof.sent": "A proof is sent for review",
  "proof.decided": "A proof is approved or changes are asked",
  "invoice.sent": "An invoice is sent",
  "invoice.paid": "An invoice is paid",
  "file.added": "Files are added to a project",
};

const STATUS_LABELS: Record<Delivery["status"], string> = { pending: "Waiting", delivered: "Delivered", failed: "Failed" };

export function Webhooks() {
  const [made, setMade] = useState<{ name: string; secret: string; format: WebhookFormat } | null>(null);
  return (
    <div className="grid max-w-3xl gap-6">
      <NewWebhookForm onMade={setMade} />
      {made && <MadeWebhook made={made} onDone={() => setMade(null)} />}
      <WebhookList />
    </div>
  );
}

function NewWebhookForm({ onMade }: { onMade: (made: { name: string; secret: string; format: WebhookFormat }) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const businesses = useQuery(trpc.businesses.list.queryOptions());
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<WebhookFormat>("standard");
  const [businessId, setBusinessId] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["project.created", "comment.created"]);
  const [internal, setInternal] = useState(false);
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: ({ secret }) => {
        onMade({ name: name.trim() || url, secret, format });
        setName("");
        setUrl("");
        void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );
  return (
    <Card>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, url: url.trim(), events, internal, format, businessId: businessId || null });
        }}
      >
        <CardHeader>
          <CardTitle>New webhook</CardTitle>
          <CardDescription>
            Atelier calls the address when something happens: another app receives signed JSON, a Slack channel (or Mattermost, Rocket.Chat)
            a message in words.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 pt-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-url`}>Address</Label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={url}
              maxLength={WEBHOOK_URL_MAX_LENGTH}
              placeholder={format === "slack" ? "https://hooks.slack.com/services/…" : "https://example.com/atelier-events"}
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-format`}>Sends</Label>
              <NativeSelect id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value as WebhookFormat)}>
                {WEBHOOK_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {WEBHOOK_FORMAT_LABELS[f]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-business`}>About</Label>
              <NativeSelect id={`${id}-business`} value={businessId} onChange={(e) => setBusinessId(e.target.value)}>
                <option value="">Every business</option>
                {businesses.data?.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name (optional)</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={WEBHOOK_NAME_MAX_LENGTH}
              placeholder={format === "slack" ? "#acme-coffee channel" : "Print shop sync"}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Events</legend>
            {WEBHOOK_EVENTS.map((event) => (
              // The whole row is the checkbox's label: a fingertip hits it anywhere on a phone.
              <Label key={event} className="flex min-h-11 items-center gap-3 font-normal sm:min-h-8">
                <Checkbox
                  checked={events.includes(event)}
                  onCheckedChange={(on) => setEvents((now) => (on ? [...now, event] : now.filter((e) => e !== event)))}
                />
                <span>
                  {EVENT_LABELS[event]} <code className="whitespace-nowrap text-xs text-muted-foreground">{event}</code>
                </span>
              </Label>
            ))}
          </fieldset>
          <Label className="flex min-h-11 items-start gap-3 font-normal sm:min-h-8">
            <Checkbox checked={internal} onCheckedChange={(on) => setInternal(on === true)} className="mt-0.5" />
            <span className="grid gap-1">
              <span>Include internal notes</span>
              <span className="text-muted-foreground">Only for the studio's own apps and channels: clients never see these notes.</span>
            </span>
          </Label>
          <FormError error={create.error} />
          <div className="flex justify-end">
            <SubmitButton pending={create.isPending} pendingLabel="Adding…">
              Add webhook
            </SubmitButton>
          </div>
        </CardContent>
      </form>
    </Card>
  );
}

function MadeWebhook({ made, onDone }: { made: { name: string; secret: string; format: WebhookFormat }; onDone: () => void }) {
  return (
    <Card className="border-primary" data-testid="new-webhook">
      <CardHeader>
        <CardTitle className="break-words">Webhook “{made.name}” added</CardTitle>
        <CardDescription>
          {made.format === "slack"
            ? "Messages go to the channel from the next event on."
            : "Each call is signed with this secret (Standard Webhooks): the receiving app checks the signature with it."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {made.format === "standard" && (
          <ShownOnce value={made.secret} noun="signing secret" label="Signing secret" testId="webhook-secret" />
        )}
        <div className="flex justify-end">
          <Button type="button" variant="outline" className="max-sm:min-h-11" onClick={onDone}>
            Done
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function WebhookList() {
  const trpc = useTRPC();
  const endpoints = useQuery(trpc.webhooks.list.queryOptions());
  if (!endpoints.data) return <Skeleton className="h-32" />;
  if (endpoints.data.length === 0)
    return <EmptyState title="No webhooks yet" description="Webhooks you add are listed here with their latest deliveries." />;
  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-3">
      <h2 id="webhooks-heading" className="text-lg font-semibold">
        Webhooks
      </h2>
      <ul className="grid gap-3">
        {endpoints.data.map((endpoint) => (
          <WebhookRow key={endpoint.id} endpoint={endpoint} />
        ))}
      </ul>
    </section>
  );
}

function WebhookRow({ endpoint }: { endpoint: Endpoint }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: "Webhook removed" });
        refresh();
      },
      onError: toastError,
    }),
  );
  const title = endpoint.name ?? endpoint.url;
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border p-4 text-sm" data-testid="webhook-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium">{title}</p>
          {endpoint.name && <p className="break-all text-muted-foreground">{endpoint.url}</p>}
          <p className="text-muted-foreground">
            {WEBHOOK_FORMAT_LABELS[endpoint.format]} · <span className="break-words">{endpoint.businessName ?? "Every business"}</span>
            {endpoint.internal && " · with internal notes"} · added <LocalTime at={endpoint.createdAt} />
          </p>
        </div>
        <ConfirmButton
          label="Remove"
          title={`Remove “${title}”?`}
          description="It receives nothing more, and its delivery log goes with it."
          confirmLabel="Remove webhook"
          variant="destructive"
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ id: endpoint.id })}
        />
      </div>
      <div className="flex flex-wrap gap-1">
        {endpoint.events.map((event) => (
          <Badge key={event} variant="outline">
            {event}
          </Badge>
        ))}
      </div>
      <Deliveries deliveries={endpoint.deliveries} onResent={refresh} />
    </li>
  );
}

function Deliveries({ deliveries, onResent }: { deliveries: Delivery[]; onResent: () => void }) {
  const trpc = useTRPC();
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: () => {
        toast({ title: "Sent again" });
        onResent();
      },
      onError: toastError,
    }),
  );
  if (deliveries.length === 0) return <p className="text-muted-foreground">Nothing sent yet.</p>;
  return (
    <details className="group">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium sm:min-h-8">
        Latest deliveries ({deliveries.length})
      </summary>
      <ul className="mt-2 grid gap-2">
        {deliveries.map((d) => (
          <li key={d.id} className="grid gap-1 rounded-md bg-muted/50 p-3" data-testid="webhook-delivery">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant={d.status === "failed" ? "destructive" : d.status === "delivered" ? "secondary" : "outline"}>
                  {STATUS_LABELS[d.status]}
                </Badge>
                <code className="text-xs">{d.type}</code>
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={resend.isPending}
                onClick={() => resend.mutate({ deliveryId: d.id })}
              >
                Send again
              </Button>
            </div>
            <p className="text-muted-foreground">
              <LocalTime at={d.createdAt} /> · {d.attempts === 1 ? "1 attempt" : `${d.attempts} attempts`}
              {d.lastStatus !== null && ` · HTTP ${d.lastStatus}`}
              {d.lastResponseMs !== null && ` · ${d.lastResponseMs} ms`}
              {d.status === "pending" && d.attempts > 0 && (
                <>
                  {" "}
                  · next try <LocalTime at={d.nextAttemptAt} />
                </>
              )}
            </p>
            {d.lastError && <p className="break-words text-destructive">{d.lastError}</p>}
          </li>
        ))}
      </ul>
    </details>
  );
}
