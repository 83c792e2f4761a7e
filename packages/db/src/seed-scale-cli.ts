// `npm run seed:scale [-- --scale 0.1] [--force] [--print-sql]`: fills the PostgreSQL named by DATABASE_URL with a studio at a real
// size (see seed-scale.ts) and prints the row counts and the time taken.
import { parseArgs } from "node:util";
import { createDb } from "./create-db";
import { seedScale } from "./seed-scale";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scale: { type: "string", default: "1" }, force: { type: "boolean", default: false }, "print-sql": { type: "boolean" } },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("Set DATABASE_URL to the PostgreSQL database to fill (seed:scale never touches the embedded one).");
  const scale = Number(values.scale);
  const db = await createDb({ databaseUrl });
  try {
    console.log(`Seeding ${new URL(databaseUrl).pathname.slice(1) || "the database"} at scale ${scale} ...`);
    const report = await seedScale(db, { scale, force: values.force, printSql: values["print-sql"], log: (line) => console.log(line) });
    for (const [table, n] of Object.entries(report.counts)) console.log(`${table.padEnd(14)} ${n.toLocaleString("en-US").padStart(12)}`);
    console.log(`done in ${report.seconds.toFixed(1)} s`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
