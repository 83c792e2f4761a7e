// webhooks.*: admins register endpoints that receive signed events or chat messages (docs/webhooks.md), for the studio
// or one business, read how deliveries went, and send one again by hand. The signing secret is answered once, when the
// endpoint is made.
import { randomBytes, randomUUID } from "node:crypto";
import { createWebhookEndpoint, deleteWebhookEndpoint, findBusiness, listWebhookEndpoints, resendWebhookDelivery } from "@atelier/db";
import { DomainError, idInput, WEBHOOK_EVENTS, WEBHOOK_FORMATS, WEBHOOK_NAME_MAX_LENGTH, WEBHOOK_URL_MAX_LENGTH } from "@atelier/domain";
import { z } from "zod";
import { adminProcedure, router } from "../trpc";
import { assertWebhookUrlAllowed } from "../webhooks/addresses";

/** How many of each endpoint's latest deliveries the list shows. */
const RECENT_DELIVERIES = 20;

/** A secret in the Standard Webhooks form: whsec_ and the base64 of 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

export const webhooksRouter = router({
  create: adminProcedure
    .input(
      z.object({
        url: z.url({ protocol: /^https?$/, message: "A webhook URL starts with http:// or https://." }).max(WEBHOOK_URL_MAX_LENGTH),
        events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, "Choose at least one event.").max(WEBHOOK_EVENTS.length),
        /** Receives events about internal notes too. */
        internal: z.boolean().default(false),
        name: z.string().trim().max(WEBHOOK_NAME_MAX_LENGTH).optional(),
        /** The body: signed Standard Webhooks JSON, or a Slack-compatible incoming-webhook message. */
        format: z.enum(WEBHOOK_FORMATS).default("standard"),
        /** Hears of this business's events only; left out, of the whole studio's. */
        businessId: idInput.nullish(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await assertWebhookUrlAllowed(input.url, ctx.webhooks?.allowPrivate ?? false);
      if (input.businessId && !(await findBusiness(ctx.db, input.businessId))) throw new DomainError("NOT_FOUND", "No such business.");
      const endpoint = {
        id: randomUUID(),
        name: input.name || null,
        url: input.url,
        secret: newSecret(),
        events: [...new Set(input.events)],
        internal: input.internal,
        format: input.format,
        businessId: input.businessId ?? null,
        createdBy: ctx.user.id,
        createdAt: ctx.now(),
      };
      await createWebhookEndpoint(ctx.db, endpoint);
      return { id: endpoint.id, secret: endpoint.secret };
    }),

  /** Every endpoint with its events and its latest deliveries: status, HTTP answer, response time, attempts, error. */
  list: adminProcedure.query(({ ctx }) => listWebhookEndpoints(ctx.db, RECENT_DELIVERIES)),

  delete: adminProcedure.input(z.object({ id: idInput })).mutation(async ({ ctx, input }) => {
    if (!(await deleteWebhookEndpoint(ctx.db, input.id))) throw new DomainError("NOT_FOUND", "No such webhook.");
    return { id: input.id };
  }),

  /** Sends a delivery again, with its id and body unchanged; its attempts start afresh. */
  resend: adminProcedure.input(z.object({ deliveryId: idInput })).mutation(async ({ ctx, input }) => {
    if (!(await resendWebhookDelivery(ctx.db, input.deliveryId, ctx.now()))) throw new DomainError("NOT_FOUND", "No such delivery.");
    ctx.webhooks?.kick?.();
    return { deliveryId: input.deliveryId };
  }),
});
