// The database package: schema types, connection, migrations, queries and the demo seed.
export * from "./schema";
export { createDb, createMigrator, migrateToLatest, type Db, type DbConfig } from "./create-db";
export { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "./seed";
export * from "./users";
export * from "./projects";
export * from "./comments";
export * from "./invoices";
export * from "./posts";
export { sql } from "kysely";
export { createLiveBus, LIVE_CHANNEL, type LiveBus } from "./live-bus";
