// Queries on the studio's blog posts.
import type { Db } from "./create-db";

/** Published posts, and the drafts of `draftsOf` (an author's own; null: every draft, for an admin). */
export function listPosts(db: Db, options: { draftsOf: string | null }, limit = 100) {
  return db
    .selectFrom("posts")
    .leftJoin("users", "users.id", "posts.authorId")
    .select([
      "posts.id",
      "posts.title",
      "posts.body",
      "posts.createdAt",
      "posts.publishedAt",
      "posts.updatedAt",
      "posts.authorId",
      "users.name as authorName",
      "users.image as authorImage",
    ])
    .where((eb) =>
      options.draftsOf === null
        ? eb.val(true)
        : eb.or([eb("posts.publishedAt", "is not", null), eb("posts.authorId", "=", options.draftsOf)]),
    )
    .orderBy("posts.createdAt", "desc")
    .orderBy("posts.id", "desc")
    .limit(limit)
    .execute();
}

export async function createPost(
  db: Db,
  post: { id: string; title: string; body: string; authorId: string; createdAt: Date; publishedAt: Date | null },
) {
  await db.insertInto("posts").values(post).execute();
}

export function findPost(db: Db, id: string) {
  return db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updatePost(db: Db, id: string, changes: { title: string; body: string; publishedAt: Date | null; updatedAt: Date }) {
  await db.updateTable("posts").set(changes).where("id", "=", id).execute();
}

export async function deletePost(db: Db, id: string) {
  await db.deleteFrom("posts").where("id", "=", id).execute();
}
