// Server start-up: a bad environment or a failed migration stops the process with a clear message.
import { getServer } from "./server/server";

try {
  const server = await getServer();
  const mail = server.config.devMailbox ? `dev mailbox at ${server.config.APP_URL}/dev/mailbox` : "SMTP";
  console.log(`Atelier ready: ${server.config.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}, mail via ${mail}.`);
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}
