// A self-registered user filling the public image buckets: with anything but images, and without
// limit. Against real PostgreSQL and a real store, through the storage handler as the web app mounts it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import { IMAGE_QUOTA, type SessionUser } from "@atelier/domain";
import { createFsStore, createStorageHandler, type ObjectStore, type StorageHandler } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageQuota } from "./image-quota";
import { createCaller } from "./index";

const secret = "image-quota-test-secret-0123456789";
const designer: SessionUser = { ...DEMO_USERS[1], image: null, emailNotification: false, businessId: null };
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe("the image buckets under a self-registered user", () => {
  let t: TestDatabase;
  let root: string;
  let store: ObjectStore;
  let handle: StorageHandler;
  let n = 0;

  /** Signs an upload through the API as the browser does, then sends `body` to the storage route. */
  async function put(user: SessionUser, body: Uint8Array | string, contentType: string): Promise<{ status: number; key: string }> {
    const path = `${user.id}/img/${++n}.jpg`;
    const caller = createCaller({
      db: t.db,
      user,
      now: () => new Date(),
      files: { store, secret, balancerUrl: "http://127.0.0.1:9" },
      live: { publish: async () => undefined },
    });
    const { token } = await caller.auth.createSignedURL({ bucket: "thumbnails", path });
    const answer = await handle(
      new Request(`http://127.0.0.1/storage/v1/object/upload/sign/thumbnails/${path}?token=${encodeURIComponent(token)}`, {
        method: "PUT",
        body,
        headers: { "content-type": contentType },
      }),
    );
    return { status: answer.status, key: `thumbnails/${path}` };
  }

  /** A self-registered client of its own: each test's stranger starts with no images. */
  async function newStranger(): Promise<SessionUser> {
    const { id, name, email } = await makeUser(t.db, { name: "Sam Stranger", role: "client" });
    return { id, name, email: email ?? "", role: "client", image: null, emailNotification: false, businessId: null };
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    root = mkdtempSync(join(tmpdir(), "atelier-images-"));
    store = createFsStore({ root });
    handle = createStorageHandler({ store, secret, quota: imageQuota(t.db) });
  });
  afterAll(async () => {
    await t?.destroy();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("stores no page or script in a public bucket, whatever type it declares", async () => {
    const stranger = await newStranger();
    for (const [body, type] of [
      ["<html><script>alert(document.cookie)</script></html>", "image/png"],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "image/jpeg"],
      ["%PDF-1.7 not an image", "image/gif"],
    ] as const) {
      const { status, key } = await put(stranger, body, type);
      expect(status).toBe(415);
      expect(await store.stat(key)).toBeNull();
    }
    const image = await put(stranger, jpeg, "application/octet-stream");
    expect(image.status).toBe(200);
    expect((await store.stat(image.key))?.contentType).toBe("image/jpeg");
  });

  it("stops a client at its allowance of images, in number and in bytes, and not the studio", async () => {
    const stranger = await newStranger();
    // What the stranger has stored already, bar one image.
    const earlier = Array.from({ length: IMAGE_QUOTA.files - 1 }, (_, i) => ({
      key: `thumbnails/old/${i}.jpg`,
      userId: stranger.id,
      bytes: 10,
    }));
    await t.db.insertInto("imageUploads").values(earlier).execute();
    expect((await put(stranger, jpeg, "image/jpeg")).status).toBe(200);
    const over = await put(stranger, jpeg, "image/jpeg");
    expect(over.status).toBe(403);
    expect(await store.stat(over.key)).toBeNull();

    // In bytes: a client with few images but most of its allowance used up.
    await t.db.deleteFrom("imageUploads").where("userId", "=", stranger.id).execute();
    await t.db
      .insertInto("imageUploads")
      .values({ key: "thumbnails/old/big.jpg", userId: stranger.id, bytes: IMAGE_QUOTA.bytes - 4 })
      .execute();
    expect((await put(stranger, jpeg, "image/jpeg")).status).toBe(403);

    await t.db
      .insertInto("imageUploads")
      .values({ key: "thumbnails/old/studio.jpg", userId: designer.id, bytes: IMAGE_QUOTA.bytes })
      .execute();
    expect((await put(designer, jpeg, "image/jpeg")).status).toBe(200);
  });
});
