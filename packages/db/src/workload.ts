// The workload plan's data: the studio's active people, and every active project with its last event,
// when that came, and how many rounds of changes were asked for.
import { STAFF_ROLES } from "@atelier/domain";
import { sql } from "kysely";
import type { Db } from "./create-db";

export function activeStaff(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email", "image", "role"])
    .where("role", "in", STAFF_ROLES)
    .where("deactivatedAt", "is", null)
    .orderBy(sql`lower(coalesce(name, email))`)
    .orderBy("id")
    .execute();
}

export async function workloadProjects(db: Db) {
  const rows = await db
    .selectFrom("projects")
    .innerJoin("businesses", "businesses.id", "projects.businessId")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("comments")
          .select(["projectId", "event", "createdAt"])
          .distinctOn("projectId")
          .where("event", "is not", null)
          .where("event", "!=", "shadow")
          .orderBy("projectId")
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .as("last"),
      (join) => join.onRef("last.projectId", "=", "projects.id"),
    )
    .select((eb) => [
      "projects.id",
      "projects.name",
      "projects.title",
      "projects.assigneeId",
      "projects.createdAt",
      "businesses.name as businessName",
      "projects.stage",
      "last.createdAt as lastEventAt",
      eb
        .selectFrom("comments")
        .whereRef("comments.projectId", "=", "projects.id")
        .where("comments.event", "=", "modification")
        .select(eb.fn.countAll<number>().as("n"))
        .as("changeRounds"),
    ])
    .where("projects.archived", "=", false)
    .orderBy("projects.createdAt")
    .orderBy("projects.id")
    .execute();
  return rows.map(({ lastEventAt, changeRounds, ...row }) => ({
    ...row,
    lastEventAt: lastEventAt ?? row.createdAt,
    changeRounds: Number(changeRounds ?? 0),
  }));
}
