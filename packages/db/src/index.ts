// The database package: schema types, connection, migrations, queries and the demo seed.

export { sql } from "kysely";
export * from "./api-tokens";
export * from "./approval-certificates";
export * from "./businesses";
export * from "./calendar-feeds";
export * from "./comments";
export { createDb, createMigrator, type Db, migrateToLatest } from "./create-db";
export { type DemoFilePlace, type DemoFileStore, seedLivingDemo } from "./demo-studio";
export * from "./guest-shares";
export * from "./image-uploads";
export * from "./invoices";
export { createLiveBus, type LiveBus } from "./live-bus";
export * from "./outbox";
export * from "./posts";
export * from "./projects";
export * from "./proof-audit";
export * from "./proof-reviewers";
export * from "./proofs";
export * from "./request-results";
export * from "./schema";
export * from "./search";
export { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "./seed";
export * from "./shared-secrets";
export * from "./stored-file-access";
export * from "./users";
export * from "./webhooks";
export * from "./workload";
