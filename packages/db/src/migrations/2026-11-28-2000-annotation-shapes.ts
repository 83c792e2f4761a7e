// Markup beside pins and boxes (docs/compare.md, "Markup"): an annotation may carry a shape, an arrow or a freehand
// stroke as points in fractions of the page (JSON: { kind, points }); its x and y are then the shape's anchor, and it
// has no box. Adding a nullable column with no default rewrites nothing: it holds a brief lock only.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("annotations").addColumn("shape", "jsonb").execute();
  await db.schema
    .alterTable("annotations")
    .addCheckConstraint("annotations_shape_unboxed", sql`shape is null or (w is null and h is null)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("annotations").dropConstraint("annotations_shape_unboxed").execute();
  await db.schema.alterTable("annotations").dropColumn("shape").execute();
}
