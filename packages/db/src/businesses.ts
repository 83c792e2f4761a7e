// Queries for a business's page: its details, people, projects, billing contacts and brand library.
import type { Insertable } from "kysely";
import type { Db } from "./create-db";
import type { BrandFilesTable } from "./schema";

export function businessMembers(db: Db, businessId: string) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email", "image", "role", "deactivatedAt"])
    .where("businessId", "=", businessId)
    .where("kind", "=", "person")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export function businessProjects(db: Db, businessId: string) {
  return db
    .selectFrom("projects")
    .leftJoin("users", "users.id", "projects.assigneeId")
    .select(["projects.id", "projects.name", "projects.title", "projects.archived", "projects.createdAt", "users.name as assigneeName"])
    .where("projects.businessId", "=", businessId)
    .orderBy("projects.createdAt", "desc")
    .orderBy("projects.id")
    .execute();
}

/** A business's legal details as the buyer of its invoices. */
export interface BuyerDetails {
  legalName: string;
  address: string;
  postcode: string;
  city: string;
  country: string;
  vatId: string;
  buyerReference: string;
}

export function updateBusiness(
  db: Db,
  id: string,
  changes: { name?: string; currency?: string; billingEmails?: string[] | null } & Partial<BuyerDetails>,
) {
  return db.updateTable("businesses").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

export function listBrandFiles(db: Db, businessId: string) {
  return db.selectFrom("brandFiles").selectAll().where("businessId", "=", businessId).orderBy("createdAt").orderBy("id").execute();
}

export function findBrandFile(db: Db, id: string) {
  return db.selectFrom("brandFiles").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function addBrandFiles(db: Db, files: Insertable<BrandFilesTable>[]): Promise<void> {
  if (files.length > 0) await db.insertInto("brandFiles").values(files).execute();
}

export async function removeBrandFile(db: Db, id: string): Promise<void> {
  await db.deleteFrom("brandFiles").where("id", "=", id).execute();
}

/** Those of `ids` that are files of this business's brand library (others', and unknown ids, are left out). */
export function brandFilesOf(db: Db, businessId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("brandFiles").selectAll().where("businessId", "=", businessId).where("id", "in", ids).execute();
}

export function listBrandColours(db: Db, businessId: string) {
  return db
    .selectFrom("brandColours")
    .select(["id", "name", "hex"])
    .where("businessId", "=", businessId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export async function addBrandColour(db: Db, colour: { id: string; businessId: string; name: string; hex: string }) {
  return db.insertInto("brandColours").values(colour).returning(["id", "name", "hex"]).executeTakeFirstOrThrow();
}

export function findBrandColour(db: Db, id: string) {
  return db.selectFrom("brandColours").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function removeBrandColour(db: Db, id: string): Promise<void> {
  await db.deleteFrom("brandColours").where("id", "=", id).execute();
}
