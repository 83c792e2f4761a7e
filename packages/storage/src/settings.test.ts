import { describe, expect, it } from "vitest";
import { z } from "zod";
import { s3EnvShape, s3StoreOptions, uploadSecretSchema } from "./settings";

const s3Env = z.object(s3EnvShape);

describe("the shared file settings", () => {
  it("reads S3_* into the store's options, blanks as unset, credentials only in pairs", () => {
    const env = s3Env.parse({ S3_BUCKET: "files", S3_ENDPOINT: " ", S3_FORCE_PATH_STYLE: "1", S3_ACCESS_KEY_ID: "id" });
    expect(s3StoreOptions(env)).toEqual({ bucket: "files", region: "us-east-1", forcePathStyle: true });
    const full = s3Env.parse({ S3_BUCKET: "b", S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "key" });
    expect(s3StoreOptions(full)).toEqual({
      bucket: "b",
      region: "eu-west-1",
      forcePathStyle: false,
      credentials: { accessKeyId: "id", secretAccessKey: "key" },
    });
    expect(s3Env.safeParse({ S3_ENDPOINT: "not a url" }).success).toBe(false);
  });

  it("wants an upload secret of 16 characters at least", () => {
    expect(uploadSecretSchema.safeParse("x".repeat(16)).success).toBe(true);
    expect(uploadSecretSchema.safeParse("x".repeat(15)).error?.issues[0]?.message).toBe("must be at least 16 characters");
  });
});
