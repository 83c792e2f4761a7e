// The events webhooks tell of (docs/webhooks.md, "Events"), each written by the mutation that causes it, in its
// transaction: one delivery per endpoint that asked for it. The body is `{ type, timestamp, data }`, with in `data` what
// a consumer needs without calling back: ids, names and titles, the business, who did it, and links into the app; or,
// for an endpoint in the Slack format, `{ text }`: the same as a line a person reads (slack.ts).
import { type Db, enqueueWebhookEvent, findBusiness } from "@atelier/db";
import {
  clipCommentBody,
  commentHref,
  fileHref,
  invoiceHref,
  isInternalNote,
  projectHref,
  proofRoundHref,
  type WebhookEvent,
} from "@atelier/domain";
import type { ThreadAuthor } from "../post-comment";
import type { Context } from "../trpc";
import { slackMessages } from "./slack";

/** Who did it: a signed-in person, or a guest reviewer by the name and address their e-mail code verified. */
type EventContext = Pick<Context, "now" | "mail"> & ThreadAuthor;

/** The event's `actor`: the person, or the guest (no account, so no id) by name and address, verified by e-mail code. */
function actorOf(ctx: EventContext) {
  if (ctx.user) return { id: ctx.user.id, name: ctx.user.name, role: ctx.user.role };
  return { id: null, name: ctx.guest.name, role: "guest", email: ctx.guest.email, verifiedBy: "email_code" };
}

/** Who did it, as a chat message names them. */
function actorLabel(ctx: EventContext): string {
  if (ctx.user) return ctx.user.name ?? ctx.user.email;
  return `${ctx.guest.name} (guest)`;
}

interface EventProject {
  id: string;
  name: string;
  title: string;
  businessId: string;
}

const link = (ctx: EventContext, href: string) => `${(ctx.mail?.appUrl ?? "").replace(/\/+$/, "")}${href}`;

async function business(trx: Db, id: string) {
  return { id, name: (await findBusiness(trx, id))?.name ?? null };
}

async function project(trx: Db, ctx: EventContext, p: EventProject) {
  return { id: p.id, name: p.name, title: p.title, url: link(ctx, projectHref(p.id)), business: await business(trx, p.businessId) };
}

interface EventOf<T extends object> {
  /** The business it is about: an endpoint of another business does not hear of it. */
  businessId: string;
  /** About an internal note: only endpoints marked internal hear of it. */
  internal?: boolean;
  /** What a consumer needs, made only when some endpoint asked for the event; who did it is added to it. */
  data: () => Promise<T>;
  /** The same as a line for a chat (slack.ts), for endpoints in the Slack format. */
  text: (actor: string, data: T) => string;
}

/** Writes the event's deliveries in `trx` (the transaction of its cause), each in its endpoint's format. */
async function emit<T extends object>(trx: Db, ctx: EventContext, type: WebhookEvent, event: EventOf<T>): Promise<void> {
  const now = ctx.now();
  const actor = actorOf(ctx);
  let made: Promise<T> | undefined;
  const data = () => {
    made ??= event.data();
    return made;
  };
  await enqueueWebhookEvent(
    trx,
    {
      type,
      internal: event.internal ?? false,
      businessId: event.businessId,
      body: async (format) =>
        format === "slack"
          ? JSON.stringify({ text: event.text(actorLabel(ctx), await data()) })
          : JSON.stringify({ type, timestamp: now.toISOString(), data: { ...(await data()), actor } }),
    },
    now,
  );
}

export function projectCreated(trx: Db, ctx: EventContext, p: EventProject & { event: string; dueOn: string | null }) {
  return emit(trx, ctx, "project.created", {
    businessId: p.businessId,
    data: async () => ({ project: { ...(await project(trx, ctx, p)), kind: p.event, dueOn: p.dueOn } }),
    text: slackMessages.projectCreated,
  });
}

export function commentCreated(
  trx: Db,
  ctx: EventContext,
  p: EventProject,
  comment: { id: string; event: string | null; body: string; parentId: string | null },
) {
  const internal = isInternalNote(comment.event);
  return emit(trx, ctx, "comment.created", {
    businessId: p.businessId,
    internal,
    data: async () => ({
      comment: {
        id: comment.id,
        body: clipCommentBody(comment.body),
        event: comment.event,
        internal,
        parentId: comment.parentId,
        url: link(ctx, commentHref(p.id, comment.id)),
      },
      project: await project(trx, ctx, p),
    }),
    text: slackMessages.commentCreated,
  });
}

export function proofSent(
  trx: Db,
  ctx: EventContext,
  p: EventProject,
  proof: {
    id: string;
    round: number;
    note: string | null;
    dueOn: string | null;
    files: readonly { fileId: string; name: string; sha256: string; size: number }[];
  },
) {
  return emit(trx, ctx, "proof.sent", {
    businessId: p.businessId,
    data: async () => ({
      proof: {
        id: proof.id,
        round: proof.round,
        note: proof.note,
        dueOn: proof.dueOn,
        url: link(ctx, proofRoundHref(p.id, proof.round)),
        files: proof.files.map((f) => ({ id: f.fileId, name: f.name, sha256: f.sha256, size: f.size })),
      },
      project: await project(trx, ctx, p),
    }),
    text: slackMessages.proofSent,
  });
}

/** A proof answered: approved, or changes requested, with what its comment says. */
export function proofDecided(
  trx: Db,
  ctx: EventContext,
  p: EventProject,
  proof: { id: string; round: number },
  decision: "approved" | "changes_requested",
  comment: { id: string; body: string },
) {
  return emit(trx, ctx, "proof.decided", {
    businessId: p.businessId,
    data: async () => ({
      decision,
      proof: { id: proof.id, round: proof.round, url: link(ctx, proofRoundHref(p.id, proof.round)) },
      comment: { id: comment.id, body: clipCommentBody(comment.body), url: link(ctx, commentHref(p.id, comment.id)) },
      project: await project(trx, ctx, p),
    }),
    text: slackMessages.proofDecided,
  });
}

interface EventInvoice {
  id: string;
  number: string;
  kind: string;
  currency: string;
  businessId: string;
  projectId: string | null;
}

async function invoice(trx: Db, ctx: EventContext, i: EventInvoice, total: number) {
  return {
    id: i.id,
    number: i.number,
    kind: i.kind,
    currency: i.currency,
    /** In the currency's minor unit (cents). */
    total,
    projectId: i.projectId,
    url: link(ctx, invoiceHref("admin", i.id)),
    business: await business(trx, i.businessId),
  };
}

export function invoiceSent(trx: Db, ctx: EventContext, i: EventInvoice & { dueAt: string | null }, total: number) {
  return emit(trx, ctx, "invoice.sent", {
    businessId: i.businessId,
    data: async () => ({ invoice: { ...(await invoice(trx, ctx, i, total)), dueAt: i.dueAt } }),
    text: slackMessages.invoiceSent,
  });
}

export function invoicePaid(trx: Db, ctx: EventContext, i: EventInvoice, total: number, paidOn: string) {
  return emit(trx, ctx, "invoice.paid", {
    businessId: i.businessId,
    data: async () => ({ invoice: { ...(await invoice(trx, ctx, i, total)), paidOn } }),
    text: slackMessages.invoicePaid,
  });
}

export function filesAdded(
  trx: Db,
  ctx: EventContext,
  p: EventProject,
  kind: string,
  files: readonly { id: string; name: string; size: number | null; type: string | null }[],
) {
  return emit(trx, ctx, "file.added", {
    businessId: p.businessId,
    data: async () => ({
      files: files.map((f) => ({ id: f.id, name: f.name, kind, size: f.size, type: f.type, url: link(ctx, fileHref(p.id, f.id)) })),
      project: await project(trx, ctx, p),
    }),
    text: slackMessages.filesAdded,
  });
}
