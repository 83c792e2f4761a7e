// A studio a newcomer can explore on the embedded run's first start: three businesses with their clients,
// a dozen projects across every stage with threads, internal notes, files and proofs, invoices in several
// statuses, a brand library and a blog post. Data first, then inserts through the query functions; written
// only next to a fresh demo seed.
import { createHash } from "node:crypto";
import type { BrandFileKind, CommentEvent, FileKind } from "@atelier/domain";
import { addDays, invoiceTotals, projectName, utcDay, weekOf } from "@atelier/domain";
import { addBrandColour, addBrandFiles } from "./businesses";
import { createComment } from "./comments";
import type { Db } from "./create-db";
import { type DemoPicture, demoPdf, demoPng } from "./demo-files";
import { addInvoicePayment, createInvoice, type NewInvoiceLine, setInvoiceStatus } from "./invoices";
import { createPost } from "./posts";
import { addProjectFiles, createBusiness, createProject, setProjectArchived, setProjectAssignee, setProjectDueOn } from "./projects";
import { createAnnotation, createProof, recordApproval, recordChangesRequested } from "./proofs";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "./seed";
import { createService, type ServiceFields } from "./services";
import { createUser, setUserRoleAndBusiness } from "./users";

const [ADMIN, DESIGNER, CLIENT] = DEMO_USERS;

const BUSINESSES = [
  {
    id: "demo-globex",
    name: "Globex Bakery",
    currency: "EUR",
    // In Germany with a German VAT ID: the Belgian studio's invoices to it are reverse charge within the EU.
    legal: {
      legalName: "Globex Bäckerei GmbH",
      address: "Bergmannstraße 5",
      postcode: "10961",
      city: "Berlin",
      country: "DE",
      vatId: "DE811569869",
    },
    client: { id: "demo-globex-client", name: "Greta Globex", email: "greta@globex.local" },
  },
  {
    id: "demo-initech",
    name: "Initech Books",
    currency: "GBP",
    legal: {
      legalName: "Initech Books Ltd",
      address: "12 Fleet Street",
      postcode: "EC4Y 1AA",
      city: "London",
      country: "GB",
      vatId: "GB123456789",
    },
    client: { id: "demo-initech-client", name: "Ian Initech", email: "ian@initech.local" },
  },
] as const;

const SECOND_DESIGNER = { id: "demo-creative-2", name: "Milo Maker", email: "milo@atelier.local" } as const;

type Line = { by: "client" | "designer" | "admin" | "milo"; body: string; event?: CommentEvent };

/** A file's bytes: a small generated picture, or a one-page PDF. */
type DemoContent = { picture: DemoPicture } | { pdf: { title: string; lines: string[] } };

interface DemoFile {
  name: string;
  kind: FileKind;
  by: Line["by"];
  content: DemoContent;
}

/**
 * Round 1 of a proof of one of the project's files, sent with a line of its thread (by index) and answered by
 * another: changes asked for with a pin on the picture, or approved.
 */
/**
 * When something is due, seen from the seed day, so the Workload plan has something in each of its sections on a
 * fresh start: a few days late, later this week (today when the week ends today), or the Wednesday of next week.
 */
type DemoDue = "overdue" | "this_week" | "next_week";

interface DemoProof {
  file: string;
  sentWith: number;
  /** No answer: the round still waits for the client. */
  answer?: { changes: number; pin: { x: number; y: number } } | { approved: number };
  due?: DemoDue;
}

interface DemoProject {
  key: string;
  business: string;
  title: string;
  event: string;
  daysAgo: number;
  assignee: "designer" | "milo" | null;
  archived?: boolean;
  due?: DemoDue;
  thread: Line[];
  files?: DemoFile[];
  proof?: DemoProof;
}

const WARM = { from: [250, 214, 165], to: [214, 94, 42], accent: [255, 247, 230] } as const;
const GREEN = { from: [196, 230, 200], to: [46, 125, 80], accent: [250, 250, 240] } as const;
const WHEAT = { from: [245, 232, 200], to: [181, 140, 70], accent: [90, 60, 30] } as const;
const INK = { from: [210, 220, 240], to: [40, 60, 120], accent: [255, 220, 120] } as const;
const picture = (width: number, height: number, palette: Omit<DemoPicture, "width" | "height">): DemoContent => ({
  picture: { width, height, ...palette },
});

/** Every stage: new, briefed, changes requested (fresh and overdue), approved, reopened, and archived work. */
const PROJECTS: DemoProject[] = [
  {
    key: "poster",
    business: DEMO_BUSINESS.id,
    title: "Spring opening poster",
    event: "poster",
    daysAgo: 12,
    assignee: "designer",
    due: "this_week",
    thread: [
      { by: "client", body: "We open the terrace on 21 March. A2 poster, bright and warm.", event: "briefing" },
      { by: "designer", body: "Here is a first draft with the terrace photo." },
      { by: "client", body: "Lovely! Could the date be bigger and the logo smaller?", event: "modification" },
      { by: "designer", body: "Client prefers orange over red, keep it in mind.", event: "shadow" },
    ],
    files: [
      { name: "terrace-photo.png", kind: "briefing", by: "client", content: picture(480, 320, GREEN) },
      { name: "spring-poster-draft-1.png", kind: "materials", by: "designer", content: picture(300, 424, WARM) },
    ],
    proof: { file: "spring-poster-draft-1.png", sentWith: 1, answer: { changes: 2, pin: { x: 0.7, y: 0.45 } } },
  },
  {
    key: "menu",
    business: DEMO_BUSINESS.id,
    title: "Autumn menu card",
    event: "print",
    daysAgo: 30,
    assignee: "designer",
    thread: [
      { by: "client", body: "New seasonal menu, 14 drinks, 6 cakes.", event: "briefing" },
      { by: "designer", body: "Print-ready PDF is in the files." },
      { by: "client", body: "Approved, thank you!", event: "approved" },
    ],
    files: [
      {
        name: "autumn-menu.pdf",
        kind: "print_ready",
        by: "designer",
        content: {
          pdf: {
            title: "Autumn menu",
            lines: ["Pumpkin spice latte", "Chai with oat milk", "Apple crumble", "Plum cake", "A4, 3 mm bleed, CMYK"],
          },
        },
      },
    ],
    proof: { file: "autumn-menu.pdf", sentWith: 1, answer: { approved: 2 } },
  },
  {
    key: "stickers",
    business: DEMO_BUSINESS.id,
    title: "Loyalty card stickers",
    event: "other",
    daysAgo: 2,
    assignee: null,
    thread: [{ by: "client", body: "Round stickers for the loyalty cards, 3 cm." }],
  },
  {
    key: "instagram",
    business: DEMO_BUSINESS.id,
    title: "Instagram launch posts",
    event: "social",
    daysAgo: 9,
    assignee: "milo",
    due: "overdue",
    thread: [
      { by: "client", body: "Three square posts for the launch week.", event: "briefing" },
      { by: "milo", body: "Drafts uploaded: tell me which direction you like." },
      { by: "client", body: "Direction B, but with our green.", event: "modification" },
    ],
    files: [
      { name: "launch-direction-a.png", kind: "materials", by: "milo", content: picture(320, 320, WARM) },
      { name: "launch-direction-b.png", kind: "materials", by: "milo", content: picture(320, 320, GREEN) },
    ],
  },
  {
    key: "signage",
    business: DEMO_BUSINESS.id,
    title: "Shop window signage",
    event: "print",
    daysAgo: 120,
    assignee: "designer",
    archived: true,
    thread: [
      { by: "client", body: "Vinyl lettering for the window.", event: "briefing" },
      { by: "client", body: "Installed and looking great.", event: "approved" },
    ],
  },
  {
    key: "bread",
    business: "demo-globex",
    title: "Bread labels",
    event: "print",
    daysAgo: 20,
    assignee: "milo",
    due: "this_week",
    thread: [
      { by: "client", body: "Labels for 8 breads with ingredients.", event: "briefing" },
      { by: "milo", body: "Allergens in bold as the law asks." },
      { by: "client", body: "Approved.", event: "approved" },
      { by: "client", body: "We added a rye bread, could you add a ninth label?", event: "reopened" },
    ],
  },
  {
    key: "flyer",
    business: "demo-globex",
    title: "Christmas stollen flyer",
    event: "flyer",
    daysAgo: 6,
    assignee: "designer",
    due: "next_week",
    thread: [
      { by: "client", body: "A5 flyer for pre-orders.", event: "briefing" },
      { by: "admin", body: "Bill the rush fee on this one.", event: "shadow" },
    ],
  },
  {
    key: "logo",
    business: "demo-globex",
    title: "Logo refresh",
    event: "branding",
    daysAgo: 45,
    assignee: "designer",
    thread: [
      { by: "client", body: "Our logo is 20 years old. Same wheat, cleaner lines.", event: "briefing" },
      { by: "designer", body: "Three directions in the files." },
      { by: "client", body: "Direction 2, slightly bolder.", event: "modification" },
      { by: "designer", body: "Bolder version uploaded." },
      { by: "client", body: "Perfect.", event: "approved" },
    ],
    files: [
      { name: "old-logo.png", kind: "briefing", by: "client", content: picture(320, 320, WHEAT) },
      { name: "logo-direction-2-bolder.png", kind: "materials", by: "designer", content: picture(320, 320, WHEAT) },
    ],
    proof: { file: "logo-direction-2-bolder.png", sentWith: 3, answer: { approved: 4 } },
  },
  {
    key: "catalogue",
    business: "demo-initech",
    title: "Spring catalogue",
    event: "print",
    daysAgo: 15,
    assignee: "milo",
    due: "next_week",
    thread: [
      { by: "client", body: "32 pages, 60 titles, cover from our photo shoot.", event: "briefing" },
      { by: "milo", body: "Spreads 1–8 ready to look at." },
    ],
    files: [
      { name: "cover-photo.png", kind: "briefing", by: "client", content: picture(424, 300, INK) },
      { name: "catalogue-spreads-1-8.png", kind: "materials", by: "milo", content: picture(424, 300, INK) },
    ],
    proof: { file: "catalogue-spreads-1-8.png", sentWith: 1, due: "overdue" },
  },
  {
    key: "bookmarks",
    business: "demo-initech",
    title: "Bookmarks for the reading week",
    event: "print",
    daysAgo: 8,
    assignee: null,
    thread: [{ by: "client", body: "Four bookmark designs, one per genre.", event: "briefing" }],
  },
  {
    key: "banner",
    business: "demo-initech",
    title: "Website banner",
    event: "social",
    daysAgo: 4,
    assignee: "designer",
    thread: [
      { by: "client", body: "Banner 1920×600 for the homepage.", event: "briefing" },
      { by: "designer", body: "Banner delivered." },
      { by: "client", body: "Could the text sit on the left?", event: "modification" },
    ],
  },
  {
    key: "posters2025",
    business: "demo-initech",
    title: "Author evening posters",
    event: "poster",
    daysAgo: 200,
    assignee: "milo",
    archived: true,
    thread: [
      { by: "client", body: "Posters for four author evenings.", event: "briefing" },
      { by: "client", body: "All approved.", event: "approved" },
    ],
  },
];

const INVOICES: {
  business: string;
  project: string;
  daysAgo: number;
  dueInDays: number;
  status: "draft" | "sent" | "paid" | "void";
  paid?: number;
  lines: NewInvoiceLine[];
}[] = [
  {
    business: DEMO_BUSINESS.id,
    project: "menu",
    daysAgo: 25,
    dueInDays: -11,
    status: "paid",
    lines: [{ description: "Menu card design", quantity: 1, unitAmount: 45_000, taxRateBp: 2000 }],
  },
  {
    business: DEMO_BUSINESS.id,
    project: "poster",
    daysAgo: 10,
    dueInDays: -3,
    status: "sent",
    lines: [
      { description: "Poster design", quantity: 1, unitAmount: 38_000, taxRateBp: 2000 },
      { description: "Extra change round", quantity: 2, unitAmount: 6_000, taxRateBp: 2000 },
    ],
  },
  {
    business: "demo-globex",
    project: "logo",
    daysAgo: 20,
    dueInDays: 10,
    status: "sent",
    paid: 50_000,
    // To a business in another EU country with a VAT ID: the customer accounts for the VAT (reverse charge).
    lines: [{ description: "Logo refresh", quantity: 1, unitAmount: 120_000, taxCategory: "reverse_charge" }],
  },
  {
    business: "demo-globex",
    project: "flyer",
    daysAgo: 1,
    dueInDays: 30,
    status: "draft",
    lines: [{ description: "Flyer design", quantity: 1, unitAmount: 25_000, taxCategory: "reverse_charge", discountBp: 1000 }],
  },
  {
    business: "demo-initech",
    project: "posters2025",
    daysAgo: 190,
    dueInDays: 14,
    status: "void",
    lines: [{ description: "Author evening posters", quantity: 4, unitAmount: 9_000 }],
  },
];

/** Acme Coffee's brand library, for the project upload dialog's "Brand library" tab. */
const BRAND_FILES: { name: string; kind: BrandFileKind; content: DemoContent }[] = [
  { name: "acme-coffee-logo.png", kind: "logo", content: picture(400, 200, WARM) },
  {
    name: "acme-coffee-brand-guide.pdf",
    kind: "guideline",
    content: {
      pdf: { title: "Acme Coffee brand guide", lines: ["Roast brown #6b4f2a", "Crema #f3e3c3", "Leave the logo room to breathe."] },
    },
  },
];

const POST = {
  title: "Welcome to the studio",
  body: [
    "## How we work",
    "",
    "Every request is a **project**: the brief, the files and the conversation stay together.",
    "",
    "- Clients start projects and ask for changes in the thread.",
    "- Internal notes are for the studio only.",
    "- Invoices go out from **Invoices** as PDFs.",
    "",
    "Questions? Write to [the studio](mailto:admin@atelier.local).",
  ].join("\n"),
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD, the studio's UTC) something demo is due, seen from the seed's `now`. */
function dueDay(now: Date, due: DemoDue): string {
  const today = utcDay(now);
  const { end } = weekOf(today);
  if (due === "overdue") return addDays(today, -3);
  // The earlier of two days from now and the week's last day (YYYY-MM-DD strings sort as days do).
  if (due === "this_week") return [addDays(today, 2), end].sort()[0] ?? end;
  return addDays(end, 3);
}

/** Where a demo file goes: among a project's files of one kind, or in its business's brand library. */
export type DemoFilePlace =
  | { kind: FileKind; business: { id: string; name: string }; project: { id: string; name: string } }
  | { kind: "brand"; business: { id: string; name: string } };

/** The upload store the demo's files are written to, as an upload by `owner` into that place would be; answers the key. */
export interface DemoFileStore {
  put(place: DemoFilePlace, file: { name: string; bytes: Uint8Array; type: string; owner: string }): Promise<string>;
}

/** The bytes and how the app shows them: a picture is its own thumbnail, a PDF gets the placeholder. */
async function render(name: string, content: DemoContent) {
  if ("picture" in content) {
    const bytes = demoPng(content.picture);
    const thumbnail = `data:image/png;base64,${bytes.toString("base64")}`;
    return { name, bytes, type: "image/png", thumbnail };
  }
  return { name, bytes: await demoPdf(content.pdf.title, content.pdf.lines), type: "application/pdf", thumbnail: "/placeholder.svg" };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Fills the demo studio in; call it only right after seedDemo wrote the demo users into an empty database. */
const DEMO_SERVICES: { id: string; fields: ServiceFields }[] = [
  {
    id: "demo-service-a5-flyer",
    fields: {
      name: "A5 flyer",
      description: "One or two sides, print-ready PDF with bleed.",
      event: "flyer",
      price: 35000,
      currency: "USD",
      rounds: 2,
      turnaroundDays: 3,
      rushDays: 1,
      rushPrice: 50000,
      forAll: true,
      businessIds: [],
      estimateMinutes: 6 * 60,
      intakeForm: [
        {
          id: "headline",
          kind: "text",
          label: "Headline",
          help: "The words people read first.",
          required: true,
          unit: "",
          options: [],
          multiple: false,
        },
        {
          id: "copy",
          kind: "longText",
          label: "Other text",
          help: "Dates, prices, address.",
          required: false,
          unit: "",
          options: [],
          multiple: false,
        },
        { id: "size", kind: "size", label: "Size", help: "A5 is 148 x 210 mm.", required: false, unit: "mm", options: [], multiple: false },
        {
          id: "sides",
          kind: "choice",
          label: "Printed on",
          help: "",
          required: true,
          unit: "",
          options: ["One side", "Both sides"],
          multiple: false,
        },
        { id: "copies", kind: "number", label: "Copies", help: "", required: false, unit: "copies", options: [], multiple: false },
        {
          id: "logo",
          kind: "file",
          label: "Logo and photos",
          help: "Vector logos (SVG, PDF) print best.",
          required: false,
          unit: "",
          options: [],
          multiple: false,
        },
      ],
    },
  },
  {
    id: "demo-service-logo",
    fields: {
      name: "Logo",
      description: "Three directions, then one refined.",
      event: "branding",
      price: null,
      currency: "USD",
      rounds: 3,
      turnaroundDays: 10,
      rushDays: null,
      rushPrice: null,
      forAll: true,
      businessIds: [],
      estimateMinutes: 20 * 60,
      intakeForm: [
        { id: "name", kind: "text", label: "Name in the logo", help: "", required: true, unit: "", options: [], multiple: false },
        {
          id: "colour",
          kind: "colour",
          label: "A colour to start from",
          help: "",
          required: false,
          unit: "",
          options: [],
          multiple: false,
        },
      ],
    },
  },
];

async function seedDemoStudio(db: Db, now: Date, store: DemoFileStore | undefined): Promise<void> {
  const at = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * DAY_MS + minutes * 60_000);
  const people = { client: CLIENT.id, designer: DESIGNER.id, admin: ADMIN.id, milo: SECOND_DESIGNER.id } as Record<Line["by"], string>;
  await createUser(db, { ...SECOND_DESIGNER, role: "creative", businessId: null });
  const clientOf: Record<string, string> = { [DEMO_BUSINESS.id]: CLIENT.id };
  for (const b of BUSINESSES) {
    await createBusiness(db, { id: b.id, name: b.name });
    await db
      .updateTable("businesses")
      .set({ currency: b.currency, ...b.legal })
      .where("id", "=", b.id)
      .execute();
    await createUser(db, { ...b.client, role: "client", businessId: b.id });
    clientOf[b.id] = b.client.id;
  }
  await setUserRoleAndBusiness(db, CLIENT.id, { businessId: DEMO_BUSINESS.id });
  await addBrandColour(db, { id: "demo-colour-1", businessId: DEMO_BUSINESS.id, name: "Roast brown", hex: "#6b4f2a" });
  await addBrandColour(db, { id: "demo-colour-2", businessId: DEMO_BUSINESS.id, name: "Crema", hex: "#f3e3c3" });
  // What the studio sells (docs/services.md): a flyer with its intake form, and a logo quoted for each request.
  for (const service of DEMO_SERVICES) await createService(db, service.id, service.fields);

  const projectIds: Record<string, string> = {};
  for (const p of PROJECTS) {
    const id = `demo-project-${p.key}`;
    projectIds[p.key] = id;
    const createdAt = at(p.daysAgo);
    const client = clientOf[p.business] ?? CLIENT.id;
    await createProject(db, {
      id,
      businessId: p.business,
      name: projectName(createdAt, p.title),
      title: p.title,
      event: p.event,
      createdBy: client,
      createdAt,
    });
    if (p.assignee) await setProjectAssignee(db, id, people[p.assignee]);
    if (p.due) await setProjectDueOn(db, id, dueDay(now, p.due));
    // The thread spreads over the project's life, the last line a little before now.
    for (const [i, line] of p.thread.entries()) {
      const daysAgo = p.daysAgo - ((p.daysAgo - 1) * (i + 1)) / p.thread.length;
      await createComment(db, {
        id: `${id}-comment-${i}`,
        projectId: id,
        userId: line.by === "client" ? client : people[line.by],
        event: line.event ?? null,
        body: line.body,
        parentId: null,
        createdAt: at(daysAgo),
      });
    }
    if (store) await seedProjectFiles(db, store, p, { id, name: projectName(createdAt, p.title), client, people, at, now });
    if (p.archived) await setProjectArchived(db, id, true);
  }
  if (store) {
    const business = { id: DEMO_BUSINESS.id, name: DEMO_BUSINESS.name };
    for (const [i, f] of BRAND_FILES.entries()) {
      const file = await render(f.name, f.content);
      const key = await store.put({ kind: "brand", business }, { ...file, owner: CLIENT.id });
      const { bytes, thumbnail, type } = file;
      await addBrandFiles(db, [
        {
          id: `demo-brand-${i + 1}`,
          businessId: business.id,
          kind: f.kind,
          uploadId: `demo-brand-upload-${i + 1}`,
          name: f.name,
          key,
          thumbnail,
          blur: thumbnail,
          size: bytes.byteLength,
          type,
          uploadedBy: CLIENT.id,
          createdAt: at(40),
        },
      ]);
    }
  }

  for (const [i, inv] of INVOICES.entries()) {
    const id = `demo-invoice-${i + 1}`;
    const business = BUSINESSES.find((b) => b.id === inv.business);
    const createdAt = at(inv.daysAgo);
    await createInvoice(db, {
      id,
      businessId: inv.business,
      projectId: projectIds[inv.project] ?? null,
      currency: business?.currency ?? "USD",
      dueAt: utcDay(new Date(createdAt.getTime() + (inv.daysAgo + inv.dueInDays) * DAY_MS)),
      notes: null,
      createdBy: ADMIN.id,
      createdAt,
      lines: inv.lines,
    });
    if (inv.status === "draft") continue;
    await setInvoiceStatus(db, id, { from: "draft", to: "sent" }, at(inv.daysAgo - 0.5));
    // A paid invoice was paid in full: its payment is recorded, so its page shows nothing left to pay.
    const paid = inv.status === "paid" ? invoiceTotals(inv.lines).total : inv.paid;
    if (paid) {
      const paidOn = at(inv.daysAgo - 5)
        .toISOString()
        .slice(0, 10);
      await addInvoicePayment(db, {
        id: `${id}-payment`,
        invoiceId: id,
        amount: paid,
        paidOn,
        note: "Bank transfer",
        recordedBy: ADMIN.id,
        createdAt: at(inv.daysAgo - 5),
      });
    }
    if (inv.status === "paid" || inv.status === "void")
      await setInvoiceStatus(db, id, { from: "sent", to: inv.status }, at(inv.daysAgo - 7));
  }

  await createPost(db, { id: "demo-post-welcome", ...POST, authorId: ADMIN.id, createdAt: at(3), publishedAt: at(3) });
}

/** A project's files, stored as uploads are, and its proof round with the SHA-256 of the bytes just stored. */
async function seedProjectFiles(
  db: Db,
  store: DemoFileStore,
  p: DemoProject,
  project: { id: string; name: string; client: string; people: Record<Line["by"], string>; at: (daysAgo: number) => Date; now: Date },
): Promise<void> {
  const business = { id: p.business, name: BUSINESSES.find((b) => b.id === p.business)?.name ?? DEMO_BUSINESS.name };
  const by = (who: Line["by"]) => (who === "client" ? project.client : project.people[who]);
  // Each comment's time as the thread wrote it (see the loop above).
  const lineAt = (i: number) => project.at(p.daysAgo - ((p.daysAgo - 1) * (i + 1)) / p.thread.length);
  const stored = new Map<string, { fileId: string; key: string; sha256: string; size: number; type: string; thumbnail: string }>();
  for (const [i, f] of (p.files ?? []).entries()) {
    const file = await render(f.name, f.content);
    const owner = by(f.by);
    const key = await store.put({ kind: f.kind, business, project }, { ...file, owner });
    const fileId = `${project.id}-file-${i + 1}`;
    const sha = sha256(file.bytes);
    await addProjectFiles(db, [
      {
        id: fileId,
        projectId: project.id,
        kind: f.kind,
        uploadId: `${fileId}-upload`,
        name: f.name,
        key,
        thumbnail: file.thumbnail,
        blur: file.thumbnail,
        size: file.bytes.byteLength,
        type: file.type,
        sha256: sha,
        uploadedBy: owner,
        createdAt: lineAt(Math.max(0, (p.proof?.sentWith ?? 1) - 1)),
      },
    ]);
    stored.set(f.name, { fileId, key, sha256: sha, size: file.bytes.byteLength, type: file.type, thumbnail: file.thumbnail });
  }
  const proof = p.proof;
  const file = proof && stored.get(proof.file);
  if (!proof || !file) return;
  const proofId = `${project.id}-proof-1`;
  const commentOf = (i: number) => `${project.id}-comment-${i}`;
  const sent = p.thread[proof.sentWith];
  await createProof(
    db,
    {
      id: proofId,
      projectId: project.id,
      round: 1,
      note: null,
      dueOn: proof.due ? dueDay(project.now, proof.due) : null,
      sentBy: sent ? by(sent.by) : project.people.designer,
      commentId: commentOf(proof.sentWith),
      createdAt: lineAt(proof.sentWith),
    },
    [
      {
        fileId: file.fileId,
        name: proof.file,
        key: file.key,
        sha256: file.sha256,
        size: file.size,
        type: file.type,
        thumbnail: file.thumbnail,
      },
    ],
  );
  if (!proof.answer) return;
  if ("approved" in proof.answer) {
    await recordApproval(db, {
      proofId,
      approvedBy: project.client,
      actingForBusiness: null,
      approvedAt: lineAt(proof.answer.approved),
      round: 1,
      sha256s: [file.sha256],
      commentId: commentOf(proof.answer.approved),
    });
    return;
  }
  const at = lineAt(proof.answer.changes);
  await recordChangesRequested(db, proofId, { by: project.client, forBusiness: null, at, revision: 1, billable: false });
  await createAnnotation(db, {
    id: `${proofId}-pin-1`,
    proofId,
    fileId: file.fileId,
    page: null,
    ...proof.answer.pin,
    w: null,
    h: null,
    shadow: false,
    commentId: commentOf(proof.answer.changes),
    createdBy: project.client,
    createdAt: at,
  });
}

/**
 * The demo users, then their studio, into an empty database only; answers whether it seeded. Not one
 * transaction: invoices take their numbers in transactions of their own. Files are written to `store` when given.
 */
export async function seedLivingDemo(db: Db, now: Date, store?: DemoFileStore): Promise<boolean> {
  if (!(await seedDemo(db))) return false;
  await seedDemoStudio(db, now, store);
  return true;
}
