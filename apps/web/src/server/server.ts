// The web server's shared parts, made once per process: config, database (migrated, seeded), mail outbox, auth options.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  createWebhookWorker,
  findFfmpeg,
  type SigningKey,
  signingKeyFromPem,
  startInvoiceReminders,
  startMediaProbes,
  startReviewReminders,
  uploadServerSource,
  type WebhookWorker,
} from "@atelier/api";
import { createAuthOptions, createSignInLink, INVITATION_MAX_AGE_S } from "@atelier/auth";
import { createDb, createLiveBus, type Db, type LiveBus, migrateToLatest, seedLivingDemo } from "@atelier/db";
import { embeddedBackupSource, writeBackup } from "@atelier/db/backup";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { withoutTrace } from "@atelier/observability";
import { createFsStore, createS3Store, type ObjectStore } from "@atelier/storage";
import { s3StoreOptions } from "@atelier/storage/settings";
import type { AuthOptions } from "next-auth";
import { type Config, loadServerConfig } from "../env";
import { offerBackup } from "./backup-source";
import { demoUploadStore } from "./demo-files";
import { registerServerMetrics } from "./metrics";
import { embeddedSecret, sharedSigningKey } from "./secrets";
import { onShutdown } from "./shutdown";

export interface Server {
  config: Config;
  db: Db;
  /** Every mail goes through it: written with its cause, delivered with retries by this instance's worker. */
  outbox: Outbox;
  authOptions: AuthOptions;
  /** Makes sign-in links for invitations, as next-auth makes its own. */
  signInLink(db: Db, email: string): Promise<string>;
  /** The image buckets behind /storage/v1, and the secret shared with the upload servers. */
  files: { store: ObjectStore; secret: string; balancerUrl: string; ticketTtlMs: number };
  /** New comments pushed to open pages, across every web instance. */
  live: LiveBus;
  /** Delivers webhooks written with their causes, with retries, beside the mail outbox. */
  webhooks: WebhookWorker;
  /** The studio's Ed25519 key that signs approval certificates (docs/approval-certificate.md). */
  signing: SigningKey;
}

async function createServer(): Promise<Server> {
  const config = loadServerConfig();
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const db = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: join(dataDir, "pglite") });
  await migrateToLatest(db);
  if (config.seedDemo && (await seedLivingDemo(db, new Date(), demoUploadStore(join(dataDir, "uploads")))))
    console.log("Seeded the demo studio: users (admin, creative, client), businesses, projects, files, proofs, invoices and a blog post.");
  const transport = createMailer({
    smtpUrl: config.devMailbox ? undefined : config.SMTP_URL,
    from: config.MAIL_FROM,
    db,
  });
  const outbox = createOutbox({ db, transport });
  outbox.start();
  // Overdue invoices are reminded on the admin's schedule, and reviewers before their deadlines, by the same
  // instances that deliver mail.
  const stopInvoiceReminders = startInvoiceReminders({ db, outbox, appUrl: config.APP_URL });
  const stopReviewReminders = startReviewReminders({ db, outbox, appUrl: config.APP_URL });
  const webhooks = createWebhookWorker({ db, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE });
  webhooks.start();
  const files = {
    store: createFileStore(config, dataDir),
    secret: config.UPLOAD_SECRET ?? embeddedSecret(dataDir, "upload-secret"),
    balancerUrl: config.UPLOAD_BALANCER_URL,
    ticketTtlMs: config.UPLOAD_TICKET_TTL_S * 1000,
  };
  // Videos and sounds joining projects are probed for their length, frame rate and poster (docs/compare.md).
  const ffmpeg = await findFfmpeg(config.FFMPEG_PATH);
  if (!ffmpeg) console.error("No ffmpeg for this platform (set FFMPEG_PATH): videos and sounds will play without posters.");
  const stopMediaProbes = ffmpeg
    ? startMediaProbes({ db, ffmpeg, source: uploadServerSource(files), images: files.store, appUrl: config.APP_URL })
    : () => {};
  onShutdown(async () => {
    stopInvoiceReminders();
    stopReviewReminders();
    stopMediaProbes();
    await Promise.all([outbox.stop(), webhooks.stop()]);
  });
  const authSecret = config.AUTH_SECRET ?? embeddedSecret(dataDir, "auth-secret");
  const keys = (id?: string, secret?: string) => (id && secret ? { clientId: id, clientSecret: secret } : undefined);
  const authOptions = createAuthOptions({
    db,
    // A sign-in link is tried at once (someone is waiting for it) and still kept in the outbox.
    mailer: outbox.immediate("sign-in"),
    from: config.MAIL_FROM,
    secret: authSecret,
    adminEmails: config.ADMIN_EMAILS,
    signUpNotice: { outbox, appUrl: config.APP_URL },
    social: {
      google: keys(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET),
      facebook: keys(config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET),
      linkedin: keys(config.LINKEDIN_CLIENT_ID, config.LINKEDIN_CLIENT_SECRET),
    },
  });
  const live = await createLiveBus({ databaseUrl: config.DATABASE_URL, onError: (error) => console.error("live events:", error) });
  const signInLink = (target: Db, email: string) =>
    createSignInLink(target, { email, secret: authSecret, appUrl: config.APP_URL, now: new Date(), maxAgeS: INVITATION_MAX_AGE_S });
  const signing = signingKeyFromPem(config.SIGNING_KEY ?? (await sharedSigningKey(db, dataDir)));
  registerServerMetrics({ db, live });
  // The embedded run backs itself up through this process, the only one that may have its database open.
  if (!config.DATABASE_URL) {
    const source = embeddedBackupSource(db, dataDir);
    offerBackup(async (out) => writeBackup(out, await source()));
  }
  return { config, db, outbox, authOptions, signInLink, files, live, webhooks, signing };
}

function createFileStore(config: Config, dataDir: string): ObjectStore {
  if (config.STORAGE_DRIVER === "fs") return createFsStore({ root: resolve(config.STORAGE_DIR ?? join(dataDir, "storage")) });
  return createS3Store(s3StoreOptions(config));
}

const KEY = Symbol.for("atelier.web.server");
type Holder = { [KEY]?: Promise<Server> };

/** Route handlers are bundled apart from each other, so the one instance lives on globalThis. */
export function getServer(): Promise<Server> {
  const holder = globalThis as Holder;
  // Outside any trace (a request's, when a route starts the server after a failed first start): the workers started
  // here set timers that would carry it into every later pass and its queries (README, "Traces").
  holder[KEY] ??= withoutTrace(createServer).catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}
