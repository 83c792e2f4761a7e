// Queries on the studio's blog posts.
import type { Db } from "./create-db";

export function listPosts(db: Db, limit = 100) {
  return db
    .selectFrom("posts")
    .leftJoin("users", "users.id", "posts.authorId")
    .select([
      "posts.id",
      "posts.title",
      "posts.body",
      "posts.createdAt",
      "posts.authorId",
      "users.name as authorName",
      "users.image as authorImage",
    ])
    .orderBy("posts.createdAt", "desc")
    .orderBy("posts.id", "desc")
    .limit(limit)
    .execute();
}

export async function createPost(db: Db, post: { id: string; title: string; body: string; authorId: string; createdAt: Date }) {
  await db.insertInto("posts").values(post).execute();
}

export function findPost(db: Db, id: string) {
  return db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function deletePost(db: Db, id: string) {
  await db.deleteFrom("posts").where("id", "=", id).execute();
}
