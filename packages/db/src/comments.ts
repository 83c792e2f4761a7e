// Queries on comments and their reads, in the shape the notification rules of @atelier/domain take.
import { type CommentEvent, STAFF_ROLES, stageAfter } from "@atelier/domain";
import type { Db } from "./create-db";

export interface CommentRow {
  id: string;
  event: CommentEvent | null;
  body: string;
  createdAt: Date;
  isChild: boolean;
  parentId: string | null;
  user: { id: string; name: string | null; image: string | null };
  project: { id: string; name: string };
  reads: { userId: string }[];
}

export interface CommentFilter {
  /** Only these projects' comments; undefined means every project. */
  projectId?: string;
  /** Only projects of this business; null means every business (the studio's view). */
  businessId: string | null;
  /** Leave out internal (shadow) comments. */
  withoutShadow: boolean;
  limit: number;
}

export async function listComments(db: Db, filter: CommentFilter): Promise<CommentRow[]> {
  let query = db
    .selectFrom("comments")
    .innerJoin("projects", "projects.id", "comments.projectId")
    .leftJoin("users", "users.id", "comments.userId")
    .select([
      "comments.id",
      "comments.event",
      "comments.body",
      "comments.createdAt",
      "comments.isChild",
      "comments.parentId",
      "comments.userId",
      "users.name as userName",
      "users.image as userImage",
      "projects.id as projectId",
      "projects.name as projectName",
    ]);
  if (filter.projectId !== undefined) query = query.where("comments.projectId", "=", filter.projectId);
  if (filter.businessId !== null) query = query.where("projects.businessId", "=", filter.businessId);
  if (filter.withoutShadow) query = query.where((eb) => eb.or([eb("comments.event", "is", null), eb("comments.event", "!=", "shadow")]));
  const rows = await query.orderBy("comments.createdAt", "desc").orderBy("comments.id", "desc").limit(filter.limit).execute();
  const reads = rows.length
    ? await db
        .selectFrom("commentReads")
        .select(["commentId", "userId"])
        .where(
          "commentId",
          "in",
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    body: r.body,
    createdAt: r.createdAt,
    isChild: r.isChild,
    parentId: r.parentId,
    user: { id: r.userId ?? "", name: r.userName ?? null, image: r.userImage ?? null },
    project: { id: r.projectId, name: r.projectName },
    reads: reads.filter((read) => read.commentId === r.id).map((read) => ({ userId: read.userId })),
  }));
}

export function findComment(db: Db, id: string) {
  return db
    .selectFrom("comments")
    .innerJoin("projects", "projects.id", "comments.projectId")
    .select(["comments.id", "comments.projectId", "comments.event", "projects.businessId"])
    .where("comments.id", "=", id)
    .executeTakeFirst();
}

export async function createComment(
  db: Db,
  comment: {
    id: string;
    projectId: string;
    userId: string;
    event: CommentEvent | null;
    body: string;
    parentId: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto("comments")
    .values({ ...comment, isChild: comment.parentId !== null })
    .execute();
  const stage = stageAfter(comment.event);
  if (stage) await db.updateTable("projects").set({ stage }).where("id", "=", comment.projectId).execute();
  // Your own comment is read by you.
  await markCommentRead(db, comment.id, comment.userId);
}

export async function markCommentRead(db: Db, commentId: string, userId: string): Promise<void> {
  await db
    .insertInto("commentReads")
    .values({ commentId, userId })
    .onConflict((oc) => oc.columns(["commentId", "userId"]).doNothing())
    .execute();
}

/**
 * Who hears of a new comment by e-mail: people on the project (its business's users and the studio's staff)
 * who have not turned mail off, except its author, with how often they want it; internal notes reach the staff only.
 */
export function notificationRecipients(db: Db, comment: { businessId: string; authorId: string; staffOnly: boolean }) {
  return db
    .selectFrom("users")
    .select(["id", "email", "name", "mailPreference"])
    .where("mailPreference", "!=", "off")
    .where("id", "!=", comment.authorId)
    .where("email", "is not", null)
    .where((eb) =>
      comment.staffOnly ? eb("role", "in", STAFF_ROLES) : eb.or([eb("role", "in", STAFF_ROLES), eb("businessId", "=", comment.businessId)]),
    )
    .execute();
}
