// Queries on comments, their reads and each person's inbox, in the shape the notification rules of @atelier/domain take.
//
// The inbox: a person's unread notifications are rows of `inbox` (see the migration 2026-11-25-0100-inbox for why),
// kept equal to the unread rule of docs/notifications.md (visible to them, not theirs, not read, orphans skipped) by the functions below,
// the only writers of comments, reads and inbox rows. A comment is read by a person when a read row says so, or when
// its sequence number is at or below their watermark (`users.read_through_seq`, moved by Mark All Read and when what
// they may see changes).
import {
  type CommentEvent,
  canSeeShadow,
  guestLabel,
  INTERNAL_NOTE_EVENT,
  isInternalNote,
  isStaff,
  type Role,
  STAFF_ROLES,
  stageAfter,
} from "@atelier/domain";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "./create-db";
import type { Database } from "./schema";

/**
 * The SQL mirror of isInternalNote (@atelier/domain), negated: the comment whose event is in `column` is no internal
 * note. Every query that keeps internal notes from someone filters with it.
 */
export function notInternalNote(column: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} is distinct from ${sql.lit(INTERNAL_NOTE_EVENT)}`;
}

export interface CommentRow {
  id: string;
  event: CommentEvent | null;
  body: string;
  createdAt: Date;
  isChild: boolean;
  parentId: string | null;
  user: { id: string; name: string | null; image: string | null };
  project: { id: string; name: string; title: string };
  reads: { userId: string }[];
}

/** Who asks for notifications: what they may see follows from their role and business. */
export interface InboxViewer {
  id: string;
  role: Role;
  businessId: string | null;
}

/** Where a page of a newest-first list ends; the next page starts after it. */
export interface CommentCursor {
  createdAt: Date;
  id: string;
}

const commentColumns = [
  "comments.id",
  "comments.event",
  "comments.body",
  "comments.createdAt",
  "comments.isChild",
  "comments.parentId",
  "comments.userId",
  "comments.seq",
  "users.name as userName",
  "users.image as userImage",
  "comments.guestName",
  "projects.id as projectId",
  "projects.name as projectName",
  "projects.title as projectTitle",
] as const;

function commentsWithAuthors(db: Db) {
  return db
    .selectFrom("comments")
    .innerJoin("projects", "projects.id", "comments.projectId")
    .leftJoin("users", "users.id", "comments.userId")
    .select(commentColumns);
}

/**
 * Whether the viewer has read the comment: a read row of theirs, or the comment lies at or below their watermark.
 * The read row is looked up as a scalar subquery with LIMIT 1, not EXISTS: inside an OR, PostgreSQL may run an EXISTS
 * as a hashed subplan, which reads all of the viewer's read rows (a sequential scan of comment_reads at scale) to
 * answer for one page of 100 comments. The scalar form probes the primary key once per row of the page.
 */
function readByViewer(eb: ExpressionBuilder<Database, "comments">, viewerId: string) {
  const readRow = eb
    .selectFrom("commentReads")
    .select(sql<boolean>`true`.as("read"))
    .whereRef("commentReads.commentId", "=", "comments.id")
    .where("commentReads.userId", "=", viewerId)
    .limit(1);
  return eb.or([eb(readRow, "is not", null), eb("comments.seq", "<=", watermarkOf(viewerId))]).as("readByViewer");
}

/** The person's watermark, as a subquery. */
function watermarkOf(userId: string) {
  return sql<number>`(select read_through_seq from users where id = ${userId})`;
}

type SelectedComment = Awaited<ReturnType<ReturnType<typeof commentsWithAuthors>["execute"]>>[number];

/**
 * A row in the bell's shape (docs/notifications.md). Its reads hold the viewer alone, when the viewer has read it: that is what the
 * bell asks of them, and who else read what is not the viewer's to know.
 */
function toCommentRow(r: SelectedComment, viewerId: string, read: boolean): CommentRow {
  return {
    id: r.id,
    event: r.event,
    body: r.body,
    createdAt: r.createdAt,
    isChild: r.isChild,
    parentId: r.parentId,
    user: { id: r.userId ?? "", name: r.userName ?? (r.guestName === null ? null : guestLabel(r.guestName)), image: r.userImage ?? null },
    project: { id: r.projectId, name: r.projectName, title: r.projectTitle },
    reads: read ? [{ userId: viewerId }] : [],
  };
}

function before(eb: ExpressionBuilder<Database, "comments">, cursor: CommentCursor | undefined): Expression<SqlBool> {
  return cursor ? eb(eb.refTuple("comments.createdAt", "comments.id"), "<", eb.tuple(cursor.createdAt, cursor.id)) : eb.lit(true);
}

/** A project's thread, newest first, a page at a time; internal notes left out for those who may not see them. */
export async function listProjectComments(
  db: Db,
  viewerId: string,
  filter: { projectId: string; withoutShadow: boolean; before?: CommentCursor; limit: number },
): Promise<CommentRow[]> {
  let query = commentsWithAuthors(db)
    .select((eb) => readByViewer(eb, viewerId))
    .where("comments.projectId", "=", filter.projectId)
    .where((eb) => before(eb, filter.before));
  if (filter.withoutShadow) query = query.where(notInternalNote("comments.event"));
  const rows = await query.orderBy("comments.createdAt", "desc").orderBy("comments.id", "desc").limit(filter.limit).execute();
  return rows.map((r) => toCommentRow(r, viewerId, Boolean(r.readByViewer)));
}

function readThrough(db: Db, userId: string) {
  return db
    .selectFrom("users")
    .select("readThroughSeq")
    .where("id", "=", userId)
    .executeTakeFirst()
    .then((u) => u?.readThroughSeq ?? Number.MAX_SAFE_INTEGER);
}

/** The viewer's unread notifications, newest first. */
async function unreadPage(db: Db, viewer: InboxViewer, page: { before?: CommentCursor; limit: number }) {
  return commentsWithAuthors(db)
    .innerJoin("inbox", (join) => join.onRef("inbox.commentId", "=", "comments.id").on("inbox.userId", "=", viewer.id))
    .where((eb) => eb("inbox.seq", ">", watermarkOf(viewer.id)))
    .where(visibleTo(viewer))
    .where((eb) =>
      page.before
        ? eb(eb.refTuple("inbox.createdAt", "inbox.commentId"), "<", eb.tuple(page.before.createdAt, page.before.id))
        : eb.lit(true),
    )
    .orderBy("inbox.createdAt", "desc")
    .orderBy("inbox.commentId", "desc")
    .limit(page.limit)
    .execute();
}

/** What the viewer may see of all comments, as a condition (staff everything; a client its business, internal notes aside). */
function visibleTo(viewer: InboxViewer) {
  return (eb: ExpressionBuilder<Database, "comments">): Expression<SqlBool> => {
    if (isStaff(viewer.role)) return eb.lit(true);
    if (!viewer.businessId) return eb.lit(false);
    const ofBusiness = eb("comments.businessId", "=", viewer.businessId);
    return canSeeShadow(viewer.role) ? ofBusiness : eb.and([ofBusiness, notInternalNote("comments.event")]);
  };
}

/**
 * The viewer's comments, newest first, a page at a time: "all" is every comment it may see (its own too, as the
 * bell takes them and sorts them itself); "unread" and "read" are its notifications (not its own, orphans skipped).
 */
export async function listNotifications(
  db: Db,
  viewer: InboxViewer,
  page: { filter: "all" | "unread" | "read"; before?: CommentCursor; limit: number },
): Promise<CommentRow[]> {
  if (page.filter === "unread") return (await unreadPage(db, viewer, page)).map((r) => toCommentRow(r, viewer.id, false));
  const visible = commentsWithAuthors(db)
    .where(visibleTo(viewer))
    .where((eb) => before(eb, page.before))
    .orderBy("comments.createdAt", "desc")
    .orderBy("comments.id", "desc")
    .limit(page.limit);
  if (page.filter === "all") {
    const rows = await visible.select((eb) => readByViewer(eb, viewer.id)).execute();
    return rows.map((r) => toCommentRow(r, viewer.id, Boolean(r.readByViewer)));
  }
  const rows = await visible
    .where("comments.userId", "is distinct from", viewer.id)
    .where((eb) => eb.not(eb.and([eb("comments.isChild", "=", true), eb("comments.parentId", "is", null)])))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("inbox")
            .select("inbox.commentId")
            .whereRef("inbox.commentId", "=", "comments.id")
            .where("inbox.userId", "=", viewer.id)
            .where("inbox.seq", ">", watermarkOf(viewer.id)),
        ),
      ),
    )
    .execute();
  return rows.map((r) => toCommentRow(r, viewer.id, true));
}

/** How many unread notifications the person has: exact, counted from their inbox rows alone. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("inbox")
    .innerJoin("users", "users.id", "inbox.userId")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("inbox.userId", "=", userId)
    .whereRef("inbox.seq", ">", "users.readThroughSeq")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The unread notifications grouped by project, the project with the newest first: how many, and the newest. */
export async function unreadByProject(db: Db, viewer: InboxViewer, limit: number) {
  // One statement: the groups come from one pass over the person's unread inbox rows (each group also names its
  // newest comment), then those comments are read by primary key. The watermark is read inside it too.
  const rows = await db
    .with("groups", (w) =>
      w
        .selectFrom("inbox")
        .select([
          "projectId",
          (eb) => eb.fn.countAll<number>().as("count"),
          (eb) => eb.fn.max("createdAt").as("latestAt"),
          sql<string>`(array_agg(comment_id order by created_at desc, comment_id desc))[1]`.as("latestId"),
        ])
        .where("userId", "=", viewer.id)
        .where("seq", ">", watermarkOf(viewer.id))
        .groupBy("projectId")
        .orderBy("latestAt", "desc")
        .orderBy("projectId")
        .limit(limit),
    )
    .selectFrom("groups")
    .innerJoin("comments", "comments.id", "groups.latestId")
    .innerJoin("projects", "projects.id", "comments.projectId")
    .leftJoin("users", "users.id", "comments.userId")
    .select([...commentColumns, "groups.count", "groups.latestAt"])
    .where(visibleTo(viewer))
    .orderBy("groups.latestAt", "desc")
    .orderBy("groups.projectId")
    .execute();
  return rows.map((r) => ({ count: Number(r.count), latest: toCommentRow(r, viewer.id, false) }));
}

export function findComment(db: Db, id: string) {
  return db
    .selectFrom("comments")
    .innerJoin("projects", "projects.id", "comments.projectId")
    .select(["comments.id", "comments.projectId", "comments.event", "comments.createdAt", "projects.businessId"])
    .where("comments.id", "=", id)
    .executeTakeFirst();
}

/**
 * Writes a comment, moves its project's stage when the comment carries a stage event, and puts it in the inbox of
 * everyone who may see it but its author (staff always; the business's people unless it is an internal note).
 */
export async function createComment(
  db: Db,
  comment: {
    id: string;
    projectId: string;
    /** Null when a guest wrote it, who is named by `guest`. */
    userId: string | null;
    guest?: { name: string; email: string };
    event: CommentEvent | null;
    body: string;
    parentId: string | null;
    createdAt: Date;
  },
): Promise<void> {
  const isChild = comment.parentId !== null;
  const { userId } = comment;
  const written = await db
    .insertInto("comments")
    .columns(["id", "projectId", "businessId", "userId", "event", "body", "parentId", "isChild", "createdAt", "guestName", "guestEmail"])
    .expression((eb) =>
      eb
        .selectFrom("projects")
        .select([
          eb.val(comment.id).as("id"),
          "projects.id as projectId",
          "projects.businessId",
          eb.val(comment.userId).as("userId"),
          eb.val(comment.event).as("event"),
          eb.val(comment.body).as("body"),
          eb.val(comment.parentId).as("parentId"),
          eb.val(isChild).as("isChild"),
          eb.val(comment.createdAt).as("createdAt"),
          eb.val(comment.guest?.name ?? null).as("guestName"),
          eb.val(comment.guest?.email ?? null).as("guestEmail"),
        ])
        .where("projects.id", "=", comment.projectId),
    )
    .returning(["seq", "businessId"])
    .executeTakeFirstOrThrow();
  const stage = stageAfter(comment.event);
  if (stage) await db.updateTable("projects").set({ stage }).where("id", "=", comment.projectId).execute();
  await db
    .insertInto("inbox")
    .columns(["userId", "commentId", "projectId", "seq", "createdAt"])
    .expression((eb) =>
      eb
        .selectFrom("users")
        .select([
          "users.id as userId",
          eb.val(comment.id).as("commentId"),
          eb.val(comment.projectId).as("projectId"),
          eb.val(written.seq).as("seq"),
          eb.val(comment.createdAt).as("createdAt"),
        ])
        .$if(userId !== null, (q) => q.where("users.id", "!=", userId as string))
        // A deactivated person is not told: back again, what was said meanwhile is history, not news.
        .where("users.deactivatedAt", "is", null)
        // An app's account reads threads through the API; it has no bell.
        .where("users.kind", "=", "person")
        .where((w) =>
          isInternalNote(comment.event)
            ? w("users.role", "in", STAFF_ROLES)
            : w.or([w("users.role", "in", STAFF_ROLES), w("users.businessId", "=", written.businessId)]),
        )
        // A change of someone's role or business waits for this comment, or this comment reads the changed row.
        .forShare(),
    )
    .execute();
  // Your own comment is read by you.
  if (userId !== null) await markCommentRead(db, comment.id, userId);
}

export async function markCommentRead(db: Db, commentId: string, userId: string): Promise<void> {
  await db
    .insertInto("commentReads")
    .values({ commentId, userId })
    .onConflict((oc) => oc.columns(["commentId", "userId"]).doNothing())
    .execute();
  await db.deleteFrom("inbox").where("userId", "=", userId).where("commentId", "=", commentId).execute();
}

/** Marks every unread notification of one project read for the person (they opened it); answers how many. */
export async function markProjectRead(db: Db, userId: string, projectId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .deleteFrom("inbox")
      .where("userId", "=", userId)
      .where("projectId", "=", projectId)
      .returning(["commentId", "seq"])
      .execute();
    const readThroughSeq = await readThrough(trx, userId);
    const unread = taken.filter((row) => row.seq > readThroughSeq);
    if (unread.length > 0)
      await trx
        .insertInto("commentReads")
        .values(unread.map((row) => ({ commentId: row.commentId, userId })))
        .onConflict((oc) => oc.columns(["commentId", "userId"]).doNothing())
        .execute();
    return unread.length;
  });
}

/** The current end of the comment sequence: everything written so far is at or below it. */
const lastCommentSeq = sql<number>`coalesce(pg_sequence_last_value(pg_get_serial_sequence('comments', 'seq')::regclass), 0)`;

/**
 * Mark All Read: everything written so far becomes read for the person, however much it is, by moving their
 * watermark; their inbox rows are no longer unread and are cleared. Answers how many were unread.
 */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const unread = await unreadCount(trx, userId);
    const user = await trx
      .updateTable("users")
      .set({ readThroughSeq: lastCommentSeq })
      .where("id", "=", userId)
      .returning("readThroughSeq")
      .executeTakeFirst();
    if (user) await trx.deleteFrom("inbox").where("userId", "=", userId).where("seq", "<=", user.readThroughSeq).execute();
    return unread;
  });
}

/**
 * What a person may see changed (role or business): what they could not see before is not news to them, and what
 * they can no longer see must not stay in their inbox. Their watermark moves to now and their inbox is cleared.
 * Call it in the transaction that makes the change.
 */
export async function restartInbox(db: Db, userId: string): Promise<void> {
  await db.updateTable("users").set({ readThroughSeq: lastCommentSeq }).where("id", "=", userId).execute();
  await db.deleteFrom("inbox").where("userId", "=", userId).execute();
}

/**
 * Who hears of a new comment by e-mail: people on the project (its business's users and the studio's staff)
 * who have not turned mail off and are not deactivated, except its author, with how often they want it; internal notes
 * reach the staff only.
 */
/**
 * Who is mailed of a new comment on a project: those involved in it (the SQL mirror of isInvolvedInProject of
 * @atelier/domain: the business's people; in the studio its designer, who started it or wrote in it, and the admins
 * while nobody is assigned), only the studio for an internal note, never the author, nobody deactivated, without an
 * address or with mail off. Read in the transaction that writes the comment, so its author counts as having written.
 */
export function notificationRecipients(db: Db, comment: { projectId: string; authorId: string | null; staffOnly: boolean }) {
  const { authorId } = comment;
  return db
    .selectFrom("users")
    .innerJoin("projects", (join) => join.on("projects.id", "=", comment.projectId))
    .select(["users.id", "users.email", "users.name", "users.mailPreference"])
    .where("users.mailPreference", "!=", "off")
    .where("users.deactivatedAt", "is", null)
    .$if(authorId !== null, (q) => q.where("users.id", "!=", authorId as string))
    .where("users.email", "is not", null)
    .where((eb) => {
      const studio = eb.and([
        eb("users.role", "in", STAFF_ROLES),
        eb.or([
          eb("users.id", "=", eb.ref("projects.assigneeId")),
          eb("users.id", "=", eb.ref("projects.createdBy")),
          eb.and([eb("users.role", "=", "admin"), eb("projects.assigneeId", "is", null)]),
          eb.exists(
            eb
              .selectFrom("comments")
              .select(sql.lit(1).as("one"))
              .whereRef("comments.projectId", "=", "projects.id")
              .whereRef("comments.userId", "=", "users.id"),
          ),
        ]),
      ]);
      const business = eb.and([eb("users.role", "not in", STAFF_ROLES), eb("users.businessId", "=", eb.ref("projects.businessId"))]);
      return comment.staffOnly ? studio : eb.or([studio, business]);
    })
    .execute();
}
