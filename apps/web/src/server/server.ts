// The web server's shared parts, made once per process: config, database (migrated, seeded), mailer, auth options.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createAuthOptions, createMailer, type Mailer } from "@atelier/auth";
import { createDb, type Db, migrateToLatest, seedDemo } from "@atelier/db";
import type { AuthOptions } from "next-auth";
import { type Config, loadConfig } from "../env";

export interface Server {
  config: Config;
  db: Db;
  mailer: Mailer;
  authOptions: AuthOptions;
}

/** Without AUTH_SECRET the embedded run keeps a random secret beside its data, so sessions survive restarts. */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

async function createServer(): Promise<Server> {
  const config = loadConfig(process.env);
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // next-auth reads its own base URL from here.
  process.env.NEXTAUTH_URL = config.APP_URL;
  const db = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: join(dataDir, "pglite") });
  await migrateToLatest(db);
  if (config.seedDemo && (await seedDemo(db))) console.log("Seeded the demo users (admin, creative, client).");
  const mailer = createMailer({
    smtpUrl: config.devMailbox ? undefined : config.SMTP_URL,
    from: config.MAIL_FROM,
    db,
  });
  const keys = (id?: string, secret?: string) => (id && secret ? { clientId: id, clientSecret: secret } : undefined);
  const authOptions = createAuthOptions({
    db,
    mailer,
    from: config.MAIL_FROM,
    secret: config.AUTH_SECRET ?? embeddedSecret(dataDir),
    adminEmails: config.ADMIN_EMAILS,
    social: {
      google: keys(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET),
      facebook: keys(config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET),
      linkedin: keys(config.LINKEDIN_CLIENT_ID, config.LINKEDIN_CLIENT_SECRET),
    },
  });
  return { config, db, mailer, authOptions };
}

const KEY = Symbol.for("atelier.web.server");
type Holder = { [KEY]?: Promise<Server> };

/** Route handlers are bundled apart from each other, so the one instance lives on globalThis. */
export function getServer(): Promise<Server> {
  const holder = globalThis as Holder;
  holder[KEY] ??= createServer().catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}
