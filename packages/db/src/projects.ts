// Queries on businesses, projects and their files; every function takes the database handle first.

import { type Brief, NOT_DUE_STAGES, type ProjectSort, type ProjectStage, STAFF_ROLES } from "@atelier/domain";
import type { Insertable } from "kysely";
import { sql } from "kysely";
import type { Db } from "./create-db";
import { type CursorKey, dayFromCursor, decodeCursor, encodeCursor, epochMicros, fromEpochMicros, likeEscaped, pageOf } from "./keyset";
import { queueMediaProbes } from "./media-probes";
import type { Business, ProjectFilesTable } from "./schema";
import { setUserRoleAndBusiness } from "./users";

export function listBusinesses(db: Db): Promise<Business[]> {
  return db.selectFrom("businesses").selectAll().orderBy(sql`lower(name)`).execute();
}

/**
 * Every business with what the studio has going on with it: active and archived projects and its
 * people; with `invoicesOn` (today, YYYY-MM-DD), also its sent invoices not yet paid, and how many
 * of those are past their due date.
 */
export function businessOverview(db: Db, options: { invoicesOn?: string } = {}) {
  const today = options.invoicesOn;
  return db
    .selectFrom("businesses")
    .selectAll("businesses")
    .select((eb) => {
      const count = eb.fn.countAll<number>().as("n");
      const projects = (archived: boolean) =>
        eb
          .selectFrom("projects")
          .whereRef("projects.businessId", "=", "businesses.id")
          .where("projects.archived", "=", archived)
          .select(count);
      const openInvoices = eb
        .selectFrom("invoices")
        .whereRef("invoices.businessId", "=", "businesses.id")
        .where("invoices.kind", "=", "invoice")
        .where("invoices.status", "=", "sent");
      return [
        projects(false).as("activeProjects"),
        projects(true).as("archivedProjects"),
        eb
          .selectFrom("users")
          .whereRef("users.businessId", "=", "businesses.id")
          .where("users.kind", "=", "person")
          .select(count)
          .as("people"),
        ...(today === undefined
          ? []
          : [
              openInvoices.select(count).as("openInvoices"),
              // The rule of isOverdue in @atelier/domain: sent, and due before today.
              openInvoices.where("invoices.dueAt", "<", today).select(count).as("overdueInvoices"),
            ]),
      ];
    })
    .orderBy(sql`lower(name)`)
    .execute();
}

export function findBusiness(db: Db, id: string): Promise<Business | undefined> {
  return db.selectFrom("businesses").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findBusinessByName(db: Db, name: string): Promise<Business | undefined> {
  return db.selectFrom("businesses").selectAll().where(sql`lower(name)`, "=", name.toLowerCase()).executeTakeFirst();
}

export async function createBusiness(db: Db, business: { id: string; name: string; image?: string | null }): Promise<Business> {
  return db
    .insertInto("businesses")
    .values({ image: null, ...business })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setBusinessImage(db: Db, id: string, image: string | null) {
  return db.updateTable("businesses").set({ image }).where("id", "=", id).returningAll().executeTakeFirst();
}

export function setUserBusiness(db: Db, userId: string, businessId: string | null) {
  return setUserRoleAndBusiness(db, userId, { businessId });
}

const projectColumns = [
  "projects.id",
  "projects.name",
  "projects.title",
  "projects.event",
  "projects.archived",
  "projects.stage",
  "projects.businessId",
  "projects.createdAt",
  "projects.assigneeId",
  "projects.dueOn",
  "projects.serviceId",
  "projects.rush",
  "businesses.name as businessName",
  "assignee.name as assigneeName",
] as const;

export interface ProjectListQuery {
  archived: boolean;
  /** One business's projects, or null for every business (the studio's view). */
  businessId: string | null;
  stage?: ProjectStage | undefined;
  /** A designer's projects, null for the unassigned ones, absent for everyone's. */
  assigneeId?: string | null | undefined;
  /** Words that must all appear in the folded search text (name, business, designer). */
  words?: readonly string[] | undefined;
  /** Today (YYYY-MM-DD, UTC) to keep only the projects overdue on it; absent for every project. */
  overdueOn?: string | undefined;
  sort: ProjectSort;
  cursor?: string | undefined;
  limit: number;
}

// The key each order pages by, with `id` after it for ties: created_at or last_activity_at as exact epoch
// microseconds (a Date would lose them), or the folded title.
const createdKey = epochMicros("projects.createdAt");
const activityKey = epochMicros("projects.lastActivityAt");
const titleKey = sql<string>`lower(projects.title)`;
// The due date with the undated last, exactly as the projects_list_due indexes hold it; as text in the cursor.
const dueKey = sql<string>`coalesce(projects.due_on, 'infinity'::date)`;

function sortKeyOf(sort: ProjectSort) {
  if (sort === "name") return titleKey;
  if (sort === "due") return sql<string>`${dueKey}::text`;
  return sort === "active" ? activityKey : createdKey;
}

/**
 * One page of projects, filtered and ordered in SQL (the query the list runs, also for EXPLAIN). The
 * cursor's position is a condition on the index's own columns, so each page starts inside an index.
 */
export function projectPageQuery(db: Db, q: ProjectListQuery) {
  let query = db
    .selectFrom("projects")
    .innerJoin("businesses", "businesses.id", "projects.businessId")
    .leftJoin("users as assignee", "assignee.id", "projects.assigneeId")
    .select(projectColumns)
    .select((eb) => [
      // An index lookup per row of the page (project_files_project), never a scan of the files.
      eb
        .selectFrom("projectFiles")
        .whereRef("projectFiles.projectId", "=", "projects.id")
        .select(eb.fn.countAll<number>().as("n"))
        .as("fileCount"),
      sql<CursorKey>`${sortKeyOf(q.sort)}`.as("sortKey"),
    ])
    .where("projects.archived", "=", q.archived);
  if (q.businessId !== null) query = query.where("projects.businessId", "=", q.businessId);
  if (q.stage !== undefined) query = query.where("projects.stage", "=", q.stage);
  if (q.assigneeId === null) query = query.where("projects.assigneeId", "is", null);
  else if (q.assigneeId !== undefined) query = query.where("projects.assigneeId", "=", q.assigneeId);
  // The words are folded by the same function as the search text, so both sides agree on every accent.
  for (const word of q.words ?? [])
    query = query.where(sql<boolean>`projects.search like '%' || atelier_fold(${likeEscaped(word)}) || '%'`);
  // The mirror of isProjectOverdue in @atelier/domain: due before today, not archived, not delivered.
  if (q.overdueOn !== undefined)
    query = query
      .where("projects.dueOn", "<", q.overdueOn)
      .where("projects.archived", "=", false)
      .where("projects.stage", "not in", NOT_DUE_STAGES);
  const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor, q.sort);
  if (q.sort === "due") {
    if (after) {
      query = query.where(sql<boolean>`(${dueKey}, projects.id) > (${dayFromCursor(after.sortKey)}, ${after.id})`);
    }
    query = query.orderBy(dueKey).orderBy("projects.id");
  } else if (q.sort === "name") {
    if (after) query = query.where(sql<boolean>`(lower(projects.title), projects.id) > (${String(after.sortKey)}, ${after.id})`);
    query = query.orderBy(titleKey).orderBy("projects.id");
  } else {
    const desc = q.sort !== "oldest";
    const column = q.sort === "active" ? "projects.lastActivityAt" : "projects.createdAt";
    if (after) {
      const at = fromEpochMicros(after.sortKey);
      query = query.where(sql<boolean>`(${sql.ref(column)}, projects.id) ${sql.raw(desc ? "<" : ">")} (${at}, ${after.id})`);
    }
    query = query.orderBy(column, desc ? "desc" : "asc").orderBy("projects.id", desc ? "desc" : "asc");
  }
  return query.limit(q.limit + 1);
}

export async function listProjectPage(db: Db, q: ProjectListQuery) {
  const rows = await projectPageQuery(db, q).execute();
  const page = pageOf(rows, q.limit, (row) => encodeCursor(q.sort, row.sortKey, row.id));
  return { ...page, items: page.items.map(({ sortKey: _, ...project }) => project) };
}

export function findProject(db: Db, id: string) {
  return db
    .selectFrom("projects")
    .innerJoin("businesses", "businesses.id", "projects.businessId")
    .leftJoin("users as assignee", "assignee.id", "projects.assigneeId")
    .select(projectColumns)
    .where("projects.id", "=", id)
    .executeTakeFirst();
}

export async function createProject(
  db: Db,
  project: {
    id: string;
    businessId: string;
    name: string;
    title: string;
    event: string;
    createdBy: string;
    createdAt: Date;
    dueOn?: string | null;
    serviceId?: string | null;
    rush?: boolean;
    /** The brief it is asked with (docs/services.md). */
    brief?: Brief | null;
  },
) {
  const { brief, ...row } = project;
  await db
    .insertInto("projects")
    .values({ ...row, ...(brief ? { brief: JSON.stringify(brief) } : {}) })
    .execute();
}

/** Sets or clears (null) a project's due date. */
export function setProjectDueOn(db: Db, id: string, dueOn: string | null) {
  return db.updateTable("projects").set({ dueOn }).where("id", "=", id).execute();
}

export function setProjectArchived(db: Db, id: string, archived: boolean) {
  return db.updateTable("projects").set({ archived }).where("id", "=", id).execute();
}

/** A project's files, oldest first, each with the name of whoever uploaded it (null once that user is gone or unnamed). */
export function listProjectFiles(db: Db, projectId: string) {
  return db
    .selectFrom("projectFiles")
    .leftJoin("users", "users.id", "projectFiles.uploadedBy")
    .selectAll("projectFiles")
    .select("users.name as uploaderName")
    .where("projectFiles.projectId", "=", projectId)
    .orderBy("projectFiles.createdAt")
    .orderBy("projectFiles.id")
    .execute();
}

export function findProjectFile(db: Db, id: string) {
  return db.selectFrom("projectFiles").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function removeProjectFile(db: Db, id: string): Promise<void> {
  await db.deleteFrom("projectFiles").where("id", "=", id).execute();
}

/**
 * Whether any project's record, any proof sent (which keeps its files whatever the project's list), or any brand
 * library (whose files projects pick without copying them) still holds the stored file at `key`.
 */
export async function isFileKeyInUse(db: Db, key: string): Promise<boolean> {
  if ((await db.selectFrom("projectFiles").select("id").where("key", "=", key).limit(1).executeTakeFirst()) !== undefined) return true;
  if ((await db.selectFrom("brandFiles").select("id").where("key", "=", key).limit(1).executeTakeFirst()) !== undefined) return true;
  return (await db.selectFrom("proofFiles").select("proofId").where("key", "=", key).limit(1).executeTakeFirst()) !== undefined;
}

export type NewProjectFile = Insertable<ProjectFilesTable>;

/** Adds files to a project; each video or sound among them waits for its probe (media-probes.ts). */
export async function addProjectFiles(db: Db, files: NewProjectFile[], now = new Date()): Promise<void> {
  if (files.length === 0) return;
  await db.insertInto("projectFiles").values(files).execute();
  await queueMediaProbes(
    db,
    files.map((f) => ({ key: f.key, name: f.name, type: f.type ?? null })),
    now,
  );
}

export function setProjectAssignee(db: Db, id: string, assigneeId: string | null) {
  return db.updateTable("projects").set({ assigneeId }).where("id", "=", id).execute();
}

/** The studio's people with the active projects each is assigned, and the projects nobody has yet. */
export async function workload(db: Db) {
  const staff = await db
    .selectFrom("users")
    .select(["id", "name", "email", "image", "role"])
    .where("role", "in", STAFF_ROLES)
    .where("kind", "=", "person")
    .orderBy("name")
    .execute();
  const projects = await db
    .selectFrom("projects")
    .innerJoin("businesses", "businesses.id", "projects.businessId")
    .select(["projects.id", "projects.name", "projects.assigneeId", "projects.createdAt", "businesses.name as businessName"])
    .where("projects.archived", "=", false)
    .orderBy("projects.createdAt")
    .execute();
  return {
    people: staff.map((person) => ({ ...person, projects: projects.filter((p) => p.assigneeId === person.id) })),
    unassigned: projects.filter((p) => p.assigneeId === null || !staff.some((s) => s.id === p.assigneeId)),
  };
}
