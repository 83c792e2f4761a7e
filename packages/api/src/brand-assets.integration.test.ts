// Picking brand assets into a project on real PostgreSQL with the real upload servers: the business's members and the
// studio attach their own business's assets, whose project files name the very bytes the library holds; another
// business's asset is answered as one that does not exist, and removing either record leaves the other's bytes.
import { randomBytes } from "node:crypto";
import { createBusiness, type Db } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createUploader, type FetchLike, fromBytes } from "@atelier/upload-engine";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, createFileDownloadHandler } from "./index";
import { codeOf } from "./testing/code-of";
import { openFileLink } from "./testing/downloads";

const secret = "brand-assets-test-secret-0123456789";
const sessionOf = (u: { id: string; email: string | null; role: SessionUser["role"]; businessId: string | null }): SessionUser => ({
  id: u.id,
  name: "Someone",
  email: u.email ?? "",
  role: u.role,
  businessId: u.businessId,
  image: null,
  emailNotification: true,
});

describe("brand assets picked into a project", () => {
  let t: TestDatabase;
  let db: Db;
  let uploads: UploadServers;
  const as = (user: SessionUser) =>
    createCaller({ db, user, now: () => new Date(), files: { store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl } });
  let designer: SessionUser;
  let ana: SessionUser;
  let ben: SessionUser;
  let lone: SessionUser;
  const logoBytes = randomBytes(40_000);

  /** Uploads bytes into the business's BRAND folder with the API's ticket and adds them to its library, as the dialog does. */
  async function brandFile(user: SessionUser, businessId: string, name: string, bytes: Uint8Array) {
    const { ticket, balancerUrl, folder } = await as(user).businesses.brandTicket({ businessId });
    const uploader = createUploader({
      balancerUrl,
      fetch: globalThis.fetch as unknown as FetchLike,
      headers: { authorization: `Bearer ${ticket}` },
      sleep: async () => undefined,
    });
    const [outcome] = await uploader.upload([{ source: fromBytes(bytes, { name }), urlPath: `${folder}/${name}` }]);
    if (!outcome?.ok) throw new Error(`upload failed: ${JSON.stringify(outcome)}`);
    await as(user).businesses.addBrandFiles({
      businessId,
      kind: "logo",
      files: [
        {
          id: randomBytes(8).toString("hex"),
          url: outcome.url,
          thumbnail: "/placeholder.svg",
          blur: "/placeholder.svg",
          name,
          size: bytes.byteLength,
        },
      ],
    });
    const page = await as(user).businesses.byId({ id: businessId });
    const file = page.brand.files.find((f) => f.name === name);
    if (!file?.downloadUrl) throw new Error("brand file not added");
    return file as typeof file & { downloadUrl: string };
  }

  const linkOptions = () => ({ db, files: { secret, balancerUrl: uploads.balancerUrl } });
  /** What a page's link opens to, for the studio's designer. */
  const bytesAt = async (url: string | null) => {
    if (!url) throw new Error("no link");
    const answer = await openFileLink(linkOptions(), designer, url);
    return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
  };
  /** The upload server's link a page's link redirects to: it names the stored object itself. */
  const storedLink = async (url: string) => {
    const segments = new URL(url, "http://app.invalid").pathname.split("/").slice(3);
    const answer = await createFileDownloadHandler(linkOptions())(designer, segments);
    return new URL(answer.headers.get("location") ?? "");
  };

  /** A business with a client of its own. */
  async function businessOfItsOwn(name: string): Promise<{ id: string; client: SessionUser }> {
    const id = `business-${randomBytes(4).toString("hex")}`;
    await createBusiness(db, { id, name: `${name} ${id}` });
    return { id, client: sessionOf(await makeUser(db, { role: "client", businessId: id })) };
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
    uploads = await startUploadServers(secret);
    await createBusiness(db, { id: "acme", name: "Acme" });
    await createBusiness(db, { id: "globex", name: "Globex" });
    designer = sessionOf(await makeUser(db, { role: "creative" }));
    ana = sessionOf(await makeUser(db, { role: "client", businessId: "acme" }));
    ben = sessionOf(await makeUser(db, { role: "client", businessId: "globex" }));
    lone = sessionOf(await makeUser(db, { role: "client" }));
  });
  afterAll(async () => {
    await t?.destroy();
    await uploads?.close();
  });

  it("lists the project's business's library, and attaches picked assets as project files naming the same stored bytes", async () => {
    // The library is listed whole: a business of the test's own, which holds only what this test adds to it.
    const { id: business, client: ana } = await businessOfItsOwn("Acme Roastery");
    const logo = await brandFile(ana, business, "acme-logo.png", logoBytes);
    const project = await as(ana).projects.create({ title: "Autumn menu", event: "print" });

    const listed = await as(ana).projects.brandAssets({ projectId: project.id });
    expect(listed.map((a) => [a.id, a.kind, a.name])).toEqual([[logo.id, "logo", "acme-logo.png"]]);
    expect(JSON.stringify(listed)).not.toContain('"key"');

    const first = await as(ana).projects.addBrandAssets({ projectId: project.id, kind: "materials", assetIds: [logo.id] });
    expect(first).toEqual({ added: 1, ids: [expect.any(String)] });
    // Picking it again into the same kind adds nothing and answers the file already there, once per id asked for;
    // into another kind it is another file of the project.
    expect(await as(ana).projects.addBrandAssets({ projectId: project.id, kind: "materials", assetIds: [logo.id, logo.id] })).toEqual({
      added: 0,
      ids: [first.ids[0], first.ids[0]],
    });
    const second = await as(designer).projects.addBrandAssets({ projectId: project.id, kind: "briefing", assetIds: [logo.id] });
    expect(second.added).toBe(1);
    expect(second.ids[0]).not.toBe(first.ids[0]);

    const files = (await as(ana).projects.byId({ id: project.id })).files;
    expect(files.map((f) => [f.id, f.kind, f.name, f.size, f.uploadedBy])).toEqual([
      [first.ids[0], "materials", "acme-logo.png", logoBytes.byteLength, ana.id],
      [second.ids[0], "briefing", "acme-logo.png", logoBytes.byteLength, designer.id],
    ]);
    // One stored object, not a copy: the rows share the library's key, and the project's link reads its bytes.
    const keys = await db.selectFrom("projectFiles").select("key").where("projectId", "=", project.id).execute();
    const { key } = await db.selectFrom("brandFiles").select("key").where("id", "=", logo.id).executeTakeFirstOrThrow();
    expect(keys.map((k) => k.key)).toEqual([key, key]);
    expect((await storedLink(files[0]!.downloadUrl!)).pathname).toBe((await storedLink(logo.downloadUrl)).pathname);
    const read = await bytesAt(files[0]!.downloadUrl);
    expect(read.status).toBe(200);
    expect(read.bytes.equals(logoBytes)).toBe(true);
  });

  it("keeps the bytes while either the library or a project still holds them", async () => {
    const bytes = randomBytes(5_000);
    const mark = await brandFile(ana, "acme", "acme-mark.png", bytes);
    const project = await as(designer).projects.create({ title: "Window sign", event: "print", businessId: "acme" });
    await as(ana).projects.addBrandAssets({ projectId: project.id, kind: "materials", assetIds: [mark.id] });
    const [file] = (await as(ana).projects.byId({ id: project.id })).files;

    // The client who attached it takes it off the project: the library's copy still opens.
    await as(ana).projects.removeFile({ id: file!.id });
    expect((await bytesAt(mark.downloadUrl)).bytes.equals(bytes)).toBe(true);

    // Attached again, then the studio removes it from the library: the project's file still opens.
    await as(designer).projects.addBrandAssets({ projectId: project.id, kind: "materials", assetIds: [mark.id] });
    await as(designer).businesses.removeBrandFile({ id: mark.id });
    const [again] = (await as(designer).projects.byId({ id: project.id })).files;
    expect((await bytesAt(again!.downloadUrl)).bytes.equals(bytes)).toBe(true);

    // Once the last record goes, so do the bytes.
    const stored = await storedLink(again!.downloadUrl!);
    await as(designer).projects.removeFile({ id: again!.id });
    expect((await fetch(stored)).status).toBe(404);
  });

  it("answers NOT_FOUND for another business's asset or project, exactly as for ids that do not exist", async () => {
    const theirs = await brandFile(ben, "globex", "globex-logo.png", randomBytes(1_000));
    const ours = await brandFile(ana, "acme", "acme-mug.png", randomBytes(1_000));
    const acmeProject = await as(ana).projects.create({ title: "Cups", event: "flyer" });
    const globexProject = await as(ben).projects.create({ title: "Boxes", event: "flyer" });

    for (const assetIds of [[theirs.id], [ours.id, theirs.id], ["no-such-asset"]]) {
      for (const user of [ana, designer]) {
        expect(await codeOf(as(user).projects.addBrandAssets({ projectId: acmeProject.id, kind: "materials", assetIds }))).toBe(
          "NOT_FOUND",
        );
      }
    }
    // A client reaches no other business's project or library, whatever asset it names; nor does one without a business.
    for (const user of [ben, lone]) {
      expect(await codeOf(as(user).projects.brandAssets({ projectId: acmeProject.id }))).toBe("NOT_FOUND");
      for (const assetIds of [[ours.id], [theirs.id]])
        expect(await codeOf(as(user).projects.addBrandAssets({ projectId: acmeProject.id, kind: "materials", assetIds }))).toBe(
          "NOT_FOUND",
        );
    }
    // Globex's client may not pull Acme's asset into its own project either.
    expect(await codeOf(as(ben).projects.addBrandAssets({ projectId: globexProject.id, kind: "materials", assetIds: [ours.id] }))).toBe(
      "NOT_FOUND",
    );
    expect(await db.selectFrom("projectFiles").select("id").where("projectId", "in", [acmeProject.id, globexProject.id]).execute()).toEqual(
      [],
    );
    // Bad input is refused before anything is looked up.
    expect(await codeOf(as(ana).projects.addBrandAssets({ projectId: acmeProject.id, kind: "materials", assetIds: [] }))).toBe(
      "BAD_REQUEST",
    );
  });
});
