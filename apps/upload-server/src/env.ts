// Parses the command line and environment once, with zod, into the config one role needs.
import { parseArgs } from "node:util";
import { flagSchema, s3EnvShape, uploadSecretSchema } from "@atelier/storage/settings";
import { z } from "zod";

// The S3_* settings as the web app reads them, with a bucket required: the store is S3.
const s3Schema = z.object({ ...s3EnvShape, S3_BUCKET: z.string().min(1) });

const common = {
  port: z.coerce.number().int().min(0).max(65535),
  host: z.string().min(1).default("127.0.0.1"),
  webOrigin: z.url().optional(),
  // PEM files of a certificate chain and its key: the role then serves TLS, HTTP/2 and HTTP/1.1 on its port.
  tlsCert: z.string().min(1).optional(),
  tlsKey: z.string().min(1).optional(),
  // A bearer token for /metrics from other machines (README, "Monitoring"); without it only this machine may read them.
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
};

const bothOrNeitherTls = (config: { tlsCert?: string | undefined; tlsKey?: string | undefined }) =>
  (config.tlsCert === undefined) === (config.tlsKey === undefined);
const TLS_PAIR = { message: "--tls-cert and --tls-key (UPLOAD_TLS_CERT, UPLOAD_TLS_KEY) go together", path: ["tlsKey"] };

const cliSchema = z
  .discriminatedUnion("role", [
    z.object({
      role: z.literal("balancer"),
      ...common,
      // Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For names the browser; nobody by default.
      trustedProxies: z.string().default(""),
      servers: z
        .string()
        .min(1)
        .transform((value) =>
          value
            .split(",")
            .map((url) => url.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.url()).min(1)),
    }),
    z.object({
      role: z.literal("server"),
      ...common,
      // By its variable's name, which a refusal then names.
      UPLOAD_SECRET: uploadSecretSchema,
      // A directory for the filesystem store, or the word "s3" for the S3_* settings.
      store: z.string().min(1).default(".data/uploads"),
      publicUrl: z.url().optional(),
      // Take raw binary parts besides base64 (default on); "false" keeps a server to base64, the base wire (docs/upload-protocol.md).
      binaryParts: flagSchema.default(true),
      s3: s3Schema.optional(),
    }),
  ])
  .refine(bothOrNeitherTls, TLS_PAIR);

export type CliConfig = z.infer<typeof cliSchema>;

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

export function parseCli(argv: string[], env: Record<string, string | undefined>): CliConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      role: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      store: { type: "string" },
      servers: { type: "string" },
      "public-url": { type: "string" },
      "web-origin": { type: "string" },
      "binary-parts": { type: "string" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      "trusted-proxies": { type: "string" },
    },
    strict: true,
  });
  const get = (flag: string | undefined, name: string) => blankToUndefined(flag) ?? blankToUndefined(env[name]);
  const store = get(values.store, "UPLOAD_STORE");
  return cliSchema.parse({
    role: get(values.role, "UPLOAD_ROLE"),
    port: get(values.port, "UPLOAD_PORT") ?? "0",
    host: get(values.host, "UPLOAD_HOST"),
    webOrigin: get(values["web-origin"], "WEB_ORIGIN"),
    tlsCert: get(values["tls-cert"], "UPLOAD_TLS_CERT"),
    tlsKey: get(values["tls-key"], "UPLOAD_TLS_KEY"),
    servers: get(values.servers, "UPLOAD_SERVERS"),
    trustedProxies: get(values["trusted-proxies"], "TRUSTED_PROXIES"),
    UPLOAD_SECRET: blankToUndefined(env.UPLOAD_SECRET),
    METRICS_TOKEN: blankToUndefined(env.METRICS_TOKEN),
    store,
    publicUrl: get(values["public-url"], "UPLOAD_PUBLIC_URL"),
    binaryParts: get(values["binary-parts"], "UPLOAD_BINARY_PARTS"),
    s3:
      store === "s3"
        ? {
            S3_BUCKET: blankToUndefined(env.S3_BUCKET),
            S3_ENDPOINT: blankToUndefined(env.S3_ENDPOINT),
            S3_REGION: blankToUndefined(env.S3_REGION),
            S3_FORCE_PATH_STYLE: blankToUndefined(env.S3_FORCE_PATH_STYLE),
            S3_ACCESS_KEY_ID: blankToUndefined(env.S3_ACCESS_KEY_ID),
            S3_SECRET_ACCESS_KEY: blankToUndefined(env.S3_SECRET_ACCESS_KEY),
          }
        : undefined,
  });
}
