// businesses.*: the studio's clients. Staff list, create and edit them; a business's page and brand library are
// for its own members and the studio (anyone else is told there is no such business).
import { randomUUID } from "node:crypto";
import {
  addBrandColour,
  addBrandFiles,
  businessMembers,
  businessOverview,
  businessProjects,
  createBusiness,
  findBrandColour,
  findBrandFile,
  findBusinessByName,
  isFileKeyInUse,
  listBrandColours,
  listBrandFiles,
  listBusinesses,
  listInvoices,
  removeBrandColour,
  removeBrandFile,
  setBusinessImage,
  updateBusiness,
} from "@atelier/db";
import {
  BILLING_CONTACTS_MAX,
  BRAND_FILE_KIND_VALUES,
  balancesByCurrency,
  brandColourHexInput,
  brandColourNameInput,
  businessNameInput,
  buyerDetailsInput,
  CURRENCY_CODES,
  canEditBusiness,
  canEditBusinessBilling,
  canRemoveProjectFile,
  canSeeBusiness,
  DomainError,
  idInput,
  isAdmin,
  isStaff,
  utcDay,
} from "@atelier/domain";
import { brandFolder } from "@atelier/upload-engine";
import { z } from "zod";
import { businessProcedure } from "../business-procedure";
import { fileDownloadUrl } from "../file-downloads";
import { filesInFolder, uploadedFileColumns, uploadedFileInput } from "../file-input";
import { folderTicket } from "../folder-ticket";
import { deleteStoredFile } from "../stored-files";
import { protectedProcedure, router, staffProcedure } from "../trpc";

const id = idInput;
const name = businessNameInput;

function requireEditor(user: { role: Parameters<typeof canEditBusiness>[0]["role"]; businessId: string | null }) {
  if (!canEditBusiness(user)) throw new DomainError("FORBIDDEN", "Only the studio edits a business's details.");
}

async function refuseTakenName(db: Parameters<typeof findBusinessByName>[0], value: string, except?: string) {
  const existing = await findBusinessByName(db, value);
  if (existing && existing.id !== except) throw new DomainError("CONFLICT", `A business named "${value}" already exists.`);
}

export const businessesRouter = router({
  list: staffProcedure.query(({ ctx }) => listBusinesses(ctx.db)),

  /** The Businesses page: each client's projects and people, and for an admin its unpaid invoices. */
  overview: staffProcedure.query(async ({ ctx }) => {
    const rows = await businessOverview(ctx.db, isAdmin(ctx.user.role) ? { invoicesOn: utcDay(ctx.now()) } : {});
    // A count subquery is typed nullable though it never is.
    const count = (n: number | null | undefined) => Number(n ?? 0);
    return rows.map((row) => ({
      ...row,
      activeProjects: count(row.activeProjects),
      archivedProjects: count(row.archivedProjects),
      people: count(row.people),
      // Null for staff who do not see invoices, so the page can tell "none" from "not yours to see".
      openInvoices: "openInvoices" in row ? count(row.openInvoices) : null,
      overdueInvoices: "overdueInvoices" in row ? count(row.overdueInvoices) : null,
    }));
  }),

  /**
   * A business's page: details, members, projects and brand library; billing contacts for the studio;
   * invoices and what is owed for an admin.
   */
  byId: businessProcedure(z.object({ id })).query(async ({ ctx }) => {
    const { business } = ctx;
    const staff = isStaff(ctx.user.role);
    const [members, projects, files, colours] = await Promise.all([
      businessMembers(ctx.db, business.id),
      businessProjects(ctx.db, business.id),
      listBrandFiles(ctx.db, business.id),
      listBrandColours(ctx.db, business.id),
    ]);
    const invoices = isAdmin(ctx.user.role) ? await listInvoices(ctx.db, { businessId: business.id }) : null;
    const clientEmails = members.flatMap((m) => (m.role === "client" && !m.deactivatedAt && m.email ? [m.email] : []));
    return {
      id: business.id,
      name: business.name,
      image: business.image,
      currency: business.currency,
      createdAt: business.createdAt,
      // Members see each other's names; addresses and activity are the studio's to see.
      members: members.map((m) => (staff ? m : { id: m.id, name: m.name, email: null, image: m.image, role: m.role, deactivatedAt: null })),
      projects,
      billing: staff
        ? {
            contacts: business.billingEmails ?? [],
            defaults: clientEmails,
            /** Its legal details as the buyer of its invoices (docs/invoices.md, "The buyer"). */
            legal: {
              legalName: business.legalName,
              address: business.address,
              postcode: business.postcode,
              city: business.city,
              country: business.country,
              vatId: business.vatId,
              buyerReference: business.buyerReference,
            },
          }
        : null,
      invoices,
      balances: invoices ? balancesByCurrency(invoices) : null,
      brand: {
        files: files.map(({ key: _key, ...f }) => ({
          ...f,
          downloadUrl: fileDownloadUrl(ctx.mail?.appUrl, { scope: "brand", fileId: f.id }),
        })),
        colours,
      },
      canEdit: canEditBusiness(ctx.user),
      canEditBilling: canEditBusinessBilling(ctx.user),
    };
  }),

  create: staffProcedure.input(z.object({ name })).mutation(async ({ ctx, input }) => {
    await refuseTakenName(ctx.db, input.name);
    return createBusiness(ctx.db, { id: randomUUID(), name: input.name });
  }),

  /**
   * The studio renames a business; only an admin sets its currency, billing contacts (an empty list means its client
   * users) and legal details as a buyer (`legal`: legalName, address, postcode, city, country, vatId,
   * buyerReference), as only an admin bills.
   */
  update: businessProcedure(
    z.object({
      id,
      name: name.optional(),
      currency: z.enum(CURRENCY_CODES).optional(),
      billingEmails: z.array(z.email().max(320)).max(BILLING_CONTACTS_MAX).optional(),
      legal: buyerDetailsInput.optional(),
    }),
  ).mutation(async ({ ctx, input }) => {
    requireEditor(ctx.user);
    const billing = input.currency !== undefined || input.billingEmails !== undefined || input.legal !== undefined;
    if (billing && !canEditBusinessBilling(ctx.user)) {
      throw new DomainError("FORBIDDEN", "Only an admin changes a business's currency, billing contacts and legal details.");
    }
    if (input.name !== undefined) await refuseTakenName(ctx.db, input.name, ctx.business.id);
    const emails = input.billingEmails?.map((e) => e.toLowerCase());
    const updated = await updateBusiness(ctx.db, ctx.business.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.currency !== undefined ? { currency: input.currency } : {}),
      ...(emails !== undefined ? { billingEmails: emails.length ? [...new Set(emails)] : null } : {}),
      ...(input.legal ?? {}),
    });
    if (!updated) throw new DomainError("NOT_FOUND", "No such business.");
    return { id: updated.id, name: updated.name, currency: updated.currency, billingEmails: updated.billingEmails ?? [] };
  }),

  /** The business's logo, uploaded to the avatars bucket under clients/. */
  setImage: staffProcedure
    .input(
      z.object({
        id,
        image: z
          .url({ protocol: /^https?$/ })
          .max(2048)
          .nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const updated = await setBusinessImage(ctx.db, input.id, input.image);
      if (!updated) throw new DomainError("NOT_FOUND", "No such business.");
      return updated;
    }),

  /** A ticket for the business's BRAND folder: its members and the studio add to its brand library. */
  brandTicket: businessProcedure(z.object({ businessId: id })).query(({ ctx }) => folderTicket(ctx, brandFolder(ctx.business))),

  addBrandFiles: businessProcedure(
    z.object({
      businessId: id,
      kind: z.enum(BRAND_FILE_KIND_VALUES),
      files: z.array(uploadedFileInput).min(1).max(200),
    }),
  ).mutation(async ({ ctx, input }) => {
    const files = filesInFolder(input.files, brandFolder(ctx.business), "Those files are not in this business's brand folder.");
    await addBrandFiles(
      ctx.db,
      files.map((f) => ({
        id: randomUUID(),
        businessId: ctx.business.id,
        kind: input.kind,
        ...uploadedFileColumns(f),
        uploadedBy: ctx.user.id,
      })),
    );
    return { added: files.length };
  }),

  /** Takes a file out of the library (the studio any, a member what they added), and its bytes off the upload servers unless a project still uses them. */
  removeBrandFile: protectedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const file = await findBrandFile(ctx.db, input.id);
    if (!file || !canSeeBusiness(ctx.user, file.businessId)) throw new DomainError("NOT_FOUND", "No such file.");
    if (!canRemoveProjectFile(ctx.user, file)) throw new DomainError("FORBIDDEN", "Only the studio or whoever added a file removes it.");
    await removeBrandFile(ctx.db, file.id);
    if (!(await isFileKeyInUse(ctx.db, file.key)))
      await deleteStoredFile(ctx.files, file.key, { userId: ctx.user.id, anyOwner: isStaff(ctx.user.role) }, ctx.now());
    return { id: file.id, name: file.name };
  }),

  addColour: businessProcedure(z.object({ businessId: id, name: brandColourNameInput, hex: brandColourHexInput })).mutation(
    async ({ ctx, input }) => {
      return addBrandColour(ctx.db, { id: randomUUID(), businessId: ctx.business.id, name: input.name, hex: input.hex });
    },
  ),

  removeColour: protectedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const colour = await findBrandColour(ctx.db, input.id);
    if (!colour || !canSeeBusiness(ctx.user, colour.businessId)) throw new DomainError("NOT_FOUND", "No such colour.");
    await removeBrandColour(ctx.db, colour.id);
    return { id: colour.id };
  }),
});
