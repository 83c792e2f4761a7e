// users.*: the profile of the signed-in user (or, for an admin, of anyone).
import { randomUUID } from "node:crypto";
import {
  changeUserAccess,
  createUser,
  findBusiness,
  findUserByEmail,
  findUserById,
  listUserPage,
  studioContacts,
  updateUserProfile,
  userOverview,
} from "@atelier/db";
import {
  canChangeEmail,
  canEditUser,
  DomainError,
  deactivationRefusal,
  emailInput,
  hourCycleInput,
  idInput,
  knownTimeZone,
  optionalPersonNameInput,
  personNameInput,
  ROLES,
  requestIdInput,
  roleChangeRefusal,
  roleInput,
  searchWords,
  timeZoneInput,
} from "@atelier/domain";
import { invitationMail } from "@atelier/mail";
import { z } from "zod";
import { listPageInput } from "../list-page-input";
import { once } from "../request-once";
import { adminProcedure, protectedProcedure, router } from "../trpc";

const updateUserInput = z.object({
  id: idInput,
  name: personNameInput.optional(),
  avatar: z
    .url({ protocol: /^https?$/, error: "The avatar must be an http(s) URL" })
    .max(2048)
    .nullable()
    .optional(),
  email: emailInput.optional(),
  /** An IANA zone name (an unknown one is refused); times shown to the person, in pages and mail, are in it. */
  timeZone: timeZoneInput.optional(),
  /** A 12-hour or 24-hour clock for those times. */
  hourCycle: hourCycleInput.optional(),
});

const businessId = idInput.nullable();
const userId = z.object({ id: idInput });

/** An app's account is managed on the API tokens page, not among people (docs/api.md). */
async function refuseApp(db: Parameters<typeof findUserById>[0], id: string) {
  const user = await findUserById(db, id);
  if (user?.kind === "app") throw new DomainError("PRECONDITION_FAILED", "This is an app: manage it on the API tokens page.");
  return user;
}

async function requireBusiness(db: Parameters<typeof findBusiness>[0], id: string | null | undefined) {
  if (id && !(await findBusiness(db, id))) throw new DomainError("NOT_FOUND", "No such business.");
}

export const usersRouter = router({
  /** One page of everyone with access (at most LIST_PAGE_SIZE), oldest first, narrowed by words of a name or address. */
  list: adminProcedure.input(listPageInput).query(({ ctx, input }) => listUserPage(ctx.db, { ...input, words: searchWords(input.query) })),

  /**
   * Invites someone: the invitation mail with a sign-in link is written with the user, and goes through
   * the outbox (they name themselves on first sign-in if no name is given).
   */
  create: adminProcedure
    .input(
      z.object({
        email: emailInput,
        name: optionalPersonNameInput,
        role: roleInput,
        businessId: businessId.optional(),
        requestId: requestIdInput,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const email = input.email.toLowerCase();
      return once(ctx, "users.create", input.requestId, async (claim) => {
        if (await findUserByEmail(ctx.db, email)) throw new DomainError("CONFLICT", "Someone with that e-mail address already has access.");
        await requireBusiness(ctx.db, input.businessId);
        const mail = ctx.mail;
        const id = randomUUID();
        const user = await ctx.db.transaction().execute(async (trx) => {
          await claim(trx, { id, email });
          const created = await createUser(trx, {
            id,
            email,
            name: input.name ?? null,
            role: input.role,
            businessId: input.businessId ?? null,
          });
          if (mail) {
            const link = await mail.signInLink(trx, email);
            await mail.outbox.enqueue(trx, [
              { kind: "invitation", ...invitationMail({ to: email, inviter: ctx.user.name ?? ctx.user.email, link }) },
            ]);
          }
          return created;
        });
        mail?.outbox.kick();
        return { id: user.id, email: user.email };
      });
    }),

  setAccess: adminProcedure
    .input(z.object({ id: idInput, role: z.enum(ROLES).optional(), businessId: businessId.optional() }))
    .mutation(async ({ ctx, input }) => {
      if (input.role) {
        const refusal = roleChangeRefusal(ctx.user, input.id, input.role);
        if (refusal) throw new DomainError("PRECONDITION_FAILED", refusal);
      }
      await requireBusiness(ctx.db, input.businessId);
      await refuseApp(ctx.db, input.id);
      const changed = await changeUserAccess(
        ctx.db,
        input.id,
        {
          ...(input.role ? { role: input.role } : {}),
          ...(input.businessId !== undefined ? { businessId: input.businessId } : {}),
        },
        ctx.now(),
      );
      if (!changed) throw new DomainError("NOT_FOUND", "No such user.");
      if (changed.refusal !== null) throw new DomainError("PRECONDITION_FAILED", changed.refusal);
      return { id: changed.user.id, role: changed.user.role, businessId: changed.user.businessId };
    }),

  /** Deactivating ends the user's sessions at once and refuses their sign-in; their projects and comments stay. */
  setActive: adminProcedure.input(userId.extend({ active: z.boolean() })).mutation(async ({ ctx, input }) => {
    const refusal = deactivationRefusal(ctx.user, input.id);
    if (refusal) throw new DomainError("PRECONDITION_FAILED", refusal);
    await refuseApp(ctx.db, input.id);
    const changed = await changeUserAccess(ctx.db, input.id, { active: input.active }, ctx.now());
    if (!changed) throw new DomainError("NOT_FOUND", "No such user.");
    if (changed.refusal !== null) throw new DomainError("PRECONDITION_FAILED", changed.refusal);
    return { id: changed.user.id, deactivatedAt: changed.user.deactivatedAt };
  }),

  /** The admin's page of one user: details, business and recent activity. */
  overview: adminProcedure.input(userId).query(async ({ ctx, input }) => {
    const overview = await userOverview(ctx.db, input.id);
    if (!overview) throw new DomainError("NOT_FOUND", "No such user.");
    return overview;
  }),

  /** Whom to write to: the studio's admins, for someone waiting to be linked to a business. */
  contacts: protectedProcedure.query(({ ctx }) => studioContacts(ctx.db)),

  me: protectedProcedure.query(({ ctx }) => ctx.user),

  byId: protectedProcedure.input(userId).query(async ({ ctx, input }) => {
    if (!canEditUser(ctx.user, input.id)) throw new DomainError("FORBIDDEN", "You may only see your own profile here.");
    const user = await findUserById(ctx.db, input.id);
    if (!user) throw new DomainError("NOT_FOUND", "No such user.");
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      role: user.role,
      emailNotification: user.emailNotification,
      timeZone: user.timeZone,
      hourCycle: user.hourCycle,
    };
  }),

  update: protectedProcedure.input(updateUserInput).mutation(async ({ ctx, input }) => {
    if (!canEditUser(ctx.user, input.id)) throw new DomainError("FORBIDDEN", "You may only edit your own profile.");
    const current = await refuseApp(ctx.db, input.id);
    if (!current) throw new DomainError("NOT_FOUND", "No such user.");
    const email = input.email?.toLowerCase();
    if (email !== undefined && email !== current.email && !canChangeEmail(ctx.user)) {
      throw new DomainError("FORBIDDEN", "Only an admin may change an e-mail address.");
    }
    const updated = await updateUserProfile(ctx.db, input.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.avatar !== undefined ? { image: input.avatar } : {}),
      ...(email !== undefined ? { email } : {}),
      // In the zone database's own spelling ("asia/tokyo" is stored as "Asia/Tokyo").
      ...(input.timeZone !== undefined ? { timeZone: knownTimeZone(input.timeZone) ?? input.timeZone } : {}),
      ...(input.hourCycle !== undefined ? { hourCycle: input.hourCycle } : {}),
    }).catch((error: unknown) => {
      if (String((error as { code?: unknown }).code) === "23505")
        throw new DomainError("CONFLICT", "That e-mail address is already in use.");
      throw error;
    });
    if (!updated) throw new DomainError("NOT_FOUND", "No such user.");
    return {
      id: updated.id,
      name: updated.name,
      email: updated.email,
      image: updated.image,
      role: updated.role,
      timeZone: updated.timeZone,
      hourCycle: updated.hourCycle,
    };
  }),
});
