// Each person reads times in their own zone and on their own clock: both are taken from their browser on their first
// visit and changed under Edit Profile; mail, written on the server, reads them here. Null until the browser has told.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("time_zone", "text", (c) => c.check(sql`char_length(time_zone) <= 64`))
    .addColumn("hour_cycle", "text", (c) => c.check(sql`hour_cycle in ('h12', 'h23')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("time_zone").dropColumn("hour_cycle").execute();
}
