// The file settings the web app and the upload servers both read from their environment (UPLOAD_SECRET, S3_*),
// checked by one schema so the two never disagree on what is valid. A module of its own, imported by its subpath
// (@atelier/storage/settings): the web server's bundle reads it without the rest of the package.
import { z } from "zod";
import type { S3StoreOptions } from "./s3-store";

/** The secret that signs upload tickets and file links: every web instance and every upload server shares it. */
export const uploadSecretSchema = z.string().min(16, "must be at least 16 characters");

// A variable set to nothing (or blanks) counts as unset.
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/** "true"/"1" or "false"/"0", as environment variables spell a switch. */
export const flagSchema = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** The S3_* variables, by their names, for an object schema of a process's environment. */
export const s3EnvShape = {
  S3_BUCKET: blankIsUnset(z.string().min(1)),
  S3_ENDPOINT: blankIsUnset(z.url()),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: blankIsUnset(flagSchema),
  S3_ACCESS_KEY_ID: blankIsUnset(z.string()),
  S3_SECRET_ACCESS_KEY: blankIsUnset(z.string()),
};

export type S3Env = z.infer<z.ZodObject<typeof s3EnvShape>>;

/** What createS3Store takes from the S3_* settings: credentials only when both halves are set, else the SDK's own. */
export function s3StoreOptions(env: S3Env): S3StoreOptions {
  return {
    // Both processes refuse S3 without a bucket before they get here.
    bucket: env.S3_BUCKET ?? "",
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  };
}
