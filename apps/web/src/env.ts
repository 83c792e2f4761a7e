// The web app's environment, validated once at start-up; nothing else reads process.env.

import { createPrivateKey } from "node:crypto";
import { DEFAULT_MAIL_DIGEST_WINDOW_MS } from "@atelier/domain/outbox";
import { parseTrustedProxies, type TrustedProxies } from "@atelier/storage/client-address";
import { flagSchema as flag, s3EnvShape, uploadSecretSchema } from "@atelier/storage/settings";
import { UPLOAD_TICKET_TTL_MS } from "@atelier/storage/tokens";
import { z } from "zod";
import { isLoopbackHost } from "./server/dev-mailbox-gate";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/** The dev mailbox is on when asked for, or when mail has nowhere else to go. */
const devMailboxOn = (env: { DEV_MAILBOX?: boolean | undefined; SMTP_URL?: string | undefined }) => env.DEV_MAILBOX ?? !env.SMTP_URL;

function isEd25519PrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === "ed25519";
  } catch {
    return false;
  }
}

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z
      .string()
      .regex(/^[A-Za-z0-9.:-]+$/, "must be an IP address or a host name")
      .default("127.0.0.1"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")),
    DATA_DIR: z.string().min(1).default(".data"),
    AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    // The studio's Ed25519 private key (PKCS #8 PEM; "\n" may stand for line breaks) that signs approval certificates
    // (docs/approval-certificate.md). Every web instance must share it; on the embedded run one is generated into DATA_DIR.
    SIGNING_KEY: optional(
      z
        .string()
        .transform((v) => v.replace(/\\n/g, "\n").trim())
        .refine(isEd25519PrivateKey, "must be an Ed25519 private key in PKCS #8 PEM (-----BEGIN PRIVATE KEY-----)"),
    ),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
    MAIL_FROM: z.string().min(3).default("Atelier <no-reply@atelier.local>"),
    MAIL_DIGEST_WINDOW_S: optional(z.coerce.number().int().min(0).max(86_400)).transform((v) => v ?? DEFAULT_MAIL_DIGEST_WINDOW_MS / 1000),
    DEV_MAILBOX: optional(flag),
    DANGEROUSLY_ALLOW_DEV_MAILBOX: optional(flag),
    SEED_DEMO: optional(flag),
    // The ffmpeg that probes videos and sounds (docs/compare.md); by default the one shipped in @ffmpeg-installer/ffmpeg.
    FFMPEG_PATH: optional(z.string().min(1)),
    // Webhook endpoints on private, loopback or link-local addresses (docs/webhooks.md): refused unless this is true.
    WEBHOOK_ALLOW_PRIVATE: optional(flag).transform((v) => v ?? false),
    ADMIN_EMAILS: optional(z.string()).transform((v) =>
      (v ?? "")
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    // Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For / Forwarded names the client; nobody by default.
    TRUSTED_PROXIES: optional(z.string()).transform((v, ctx) => {
      try {
        return parseTrustedProxies(v ?? "");
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
    UPLOAD_SECRET: optional(uploadSecretSchema),
    // A bearer token for /metrics from other machines (README, "Monitoring"); without it only this machine may read them.
    METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters")),
    // How long a stopping instance goes on serving while its /readyz answers "draining", so the balancer in front stops
    // sending it requests before it stops taking them (README, "Deploying"); 0, the default, stops taking them at once.
    SHUTDOWN_NOTICE_S: optional(z.coerce.number().int().min(0).max(120)).transform((v) => v ?? 0),
    // How long an upload ticket lets its holder write and read a folder; the upload dialog renews it while it works.
    UPLOAD_TICKET_TTL_S: optional(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(UPLOAD_TICKET_TTL_MS / 1000),
    ).transform((v) => v ?? UPLOAD_TICKET_TTL_MS / 1000),
    UPLOAD_BALANCER_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3100"),
    STORAGE_DRIVER: z.enum(["fs", "s3"]).default("fs"),
    STORAGE_DIR: optional(z.string().min(1)),
    ...s3EnvShape,
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_CLIENT_SECRET: optional(z.string()),
    FACEBOOK_CLIENT_ID: optional(z.string()),
    FACEBOOK_CLIENT_SECRET: optional(z.string()),
    LINKEDIN_CLIENT_ID: optional(z.string()),
    LINKEDIN_CLIENT_SECRET: optional(z.string()),
  })
  .superRefine((env, ctx) => {
    for (const p of ["GOOGLE", "FACEBOOK", "LINKEDIN"] as const) {
      const id = env[`${p}_CLIENT_ID`];
      const secret = env[`${p}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        ctx.addIssue({
          code: "custom",
          path: [id ? `${p}_CLIENT_SECRET` : `${p}_CLIENT_ID`],
          message: `is required together with ${id ? `${p}_CLIENT_ID` : `${p}_CLIENT_SECRET`}`,
        });
      }
    }
    for (const e of env.ADMIN_EMAILS) {
      if (!z.email().safeParse(e).success)
        ctx.addIssue({ code: "custom", path: ["ADMIN_EMAILS"], message: `"${e}" is not an e-mail address` });
    }
    if (env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required with STORAGE_DRIVER=s3" });
    }
    // The dev mailbox shows every sign-in link to whoever opens it: never on a real database or a public address by accident.
    if (devMailboxOn(env) && env.DANGEROUSLY_ALLOW_DEV_MAILBOX !== true) {
      const why = env.DEV_MAILBOX ? "DEV_MAILBOX=true" : "SMTP_URL is empty";
      if (env.DATABASE_URL)
        ctx.addIssue({
          code: "custom",
          path: ["SMTP_URL"],
          message: `is required with DATABASE_URL: the dev mailbox (on because ${why}) would show every sign-in link. Set SMTP_URL, or DANGEROUSLY_ALLOW_DEV_MAILBOX=true on a machine only you can reach`,
        });
      if (!isLoopbackHost(env.HOST))
        ctx.addIssue({
          code: "custom",
          path: ["HOST"],
          message: `is ${env.HOST}, not loopback: the dev mailbox (on because ${why}) would show every sign-in link to the network. Set SMTP_URL, bind HOST=127.0.0.1, or set DANGEROUSLY_ALLOW_DEV_MAILBOX=true`,
        });
    }
    if (env.DATABASE_URL) {
      for (const name of ["AUTH_SECRET", "UPLOAD_SECRET"] as const)
        if (!env[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "is required with DATABASE_URL: every web instance (and the upload servers) must share it",
          });
      if (env.SEED_DEMO)
        ctx.addIssue({
          code: "custom",
          path: ["SEED_DEMO"],
          message:
            "is only for the embedded database: demo users with known addresses are never seeded into DATABASE_URL (use ADMIN_EMAILS)",
        });
    }
  });

type Env = z.infer<typeof schema>;

export interface Config extends Omit<Env, "TRUSTED_PROXIES"> {
  devMailbox: boolean;
  /** Null when none is named: then a request's client is its socket's address. */
  trustedProxies: TrustedProxies | null;
  /** Demo users are seeded only into the embedded database. */
  seedDemo: boolean;
  origin: string;
}

export class EnvError extends Error {
  override readonly name = "EnvError";
}

/** Parses the environment; throws one EnvError naming every bad variable and why. */
export function loadConfig(source: Record<string, string | undefined>): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(environment)"}: ${i.message}`);
    throw new EnvError(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  const { TRUSTED_PROXIES, ...env } = parsed.data;
  return {
    ...env,
    trustedProxies: TRUSTED_PROXIES.entries.length > 0 ? TRUSTED_PROXIES : null,
    devMailbox: devMailboxOn(env),
    seedDemo: !env.DATABASE_URL && env.SEED_DEMO !== false,
    origin: new URL(env.APP_URL).origin,
  };
}

/** The running server's configuration, from its own environment; next-auth reads its base URL from NEXTAUTH_URL. */
export function loadServerConfig(): Config {
  const config = loadConfig(process.env);
  process.env.NEXTAUTH_URL = config.APP_URL;
  return config;
}
