// A studio a newcomer can explore on the embedded run's first start: three businesses with their clients,
// a dozen projects across every stage with threads and internal notes, invoices in several statuses and a
// blog post. Data first, then inserts through the query functions; written only next to a fresh demo seed.
import type { CommentEvent } from "@atelier/domain";
import { projectName } from "@atelier/domain";
import { addBrandColour } from "./businesses";
import { createComment } from "./comments";
import type { Db } from "./create-db";
import { addInvoicePayment, createInvoice, type NewInvoiceLine, setInvoiceStatus } from "./invoices";
import { createPost } from "./posts";
import { createBusiness, createProject, setProjectArchived, setProjectAssignee } from "./projects";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "./seed";
import { createUser, setUserRoleAndBusiness } from "./users";

const [ADMIN, DESIGNER, CLIENT] = DEMO_USERS;

const BUSINESSES = [
  {
    id: "demo-globex",
    name: "Globex Bakery",
    currency: "EUR",
    client: { id: "demo-globex-client", name: "Greta Globex", email: "greta@globex.local" },
  },
  {
    id: "demo-initech",
    name: "Initech Books",
    currency: "GBP",
    client: { id: "demo-initech-client", name: "Ian Initech", email: "ian@initech.local" },
  },
] as const;

const SECOND_DESIGNER = { id: "demo-creative-2", name: "Milo Maker", email: "milo@atelier.local" } as const;

type Line = { by: "client" | "designer" | "admin" | "milo"; body: string; event?: CommentEvent };

interface DemoProject {
  key: string;
  business: string;
  title: string;
  event: string;
  daysAgo: number;
  assignee: "designer" | "milo" | null;
  archived?: boolean;
  thread: Line[];
}

/** Every stage: new, briefed, changes requested (fresh and overdue), approved, reopened, and archived work. */
const PROJECTS: DemoProject[] = [
  {
    key: "poster",
    business: DEMO_BUSINESS.id,
    title: "Spring opening poster",
    event: "poster",
    daysAgo: 12,
    assignee: "designer",
    thread: [
      { by: "client", body: "We open the terrace on **21 March**. A2 poster, bright and warm.", event: "briefing" },
      { by: "designer", body: "Here is a first draft with the terrace photo." },
      { by: "client", body: "Lovely! Could the date be bigger and the logo smaller?", event: "modification" },
      { by: "designer", body: "Client prefers orange over red, keep it in mind.", event: "shadow" },
    ],
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
    thread: [
      { by: "client", body: "Three square posts for the launch week.", event: "briefing" },
      { by: "milo", body: "Drafts uploaded: tell me which direction you like." },
      { by: "client", body: "Direction B, but with our green.", event: "modification" },
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
  },
  {
    key: "catalogue",
    business: "demo-initech",
    title: "Spring catalogue",
    event: "print",
    daysAgo: 15,
    assignee: "milo",
    thread: [
      { by: "client", body: "32 pages, 60 titles, cover from our photo shoot.", event: "briefing" },
      { by: "milo", body: "Spreads 1–8 ready to look at." },
    ],
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
    lines: [{ description: "Logo refresh", quantity: 1, unitAmount: 120_000, taxRateBp: 1900 }],
  },
  {
    business: "demo-globex",
    project: "flyer",
    daysAgo: 1,
    dueInDays: 30,
    status: "draft",
    lines: [{ description: "Flyer design", quantity: 1, unitAmount: 25_000, taxRateBp: 1900, discountBp: 1000 }],
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

/** Fills the demo studio in; call it only right after seedDemo wrote the demo users into an empty database. */
async function seedDemoStudio(db: Db, now: Date): Promise<void> {
  const at = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * DAY_MS + minutes * 60_000);
  const people = { client: CLIENT.id, designer: DESIGNER.id, admin: ADMIN.id, milo: SECOND_DESIGNER.id } as Record<Line["by"], string>;
  await createUser(db, { ...SECOND_DESIGNER, role: "creative", businessId: null });
  const clientOf: Record<string, string> = { [DEMO_BUSINESS.id]: CLIENT.id };
  for (const b of BUSINESSES) {
    await createBusiness(db, { id: b.id, name: b.name });
    await db.updateTable("businesses").set({ currency: b.currency }).where("id", "=", b.id).execute();
    await createUser(db, { ...b.client, role: "client", businessId: b.id });
    clientOf[b.id] = b.client.id;
  }
  await setUserRoleAndBusiness(db, CLIENT.id, { businessId: DEMO_BUSINESS.id });
  await addBrandColour(db, { id: "demo-colour-1", businessId: DEMO_BUSINESS.id, name: "Roast brown", hex: "#6b4f2a" });
  await addBrandColour(db, { id: "demo-colour-2", businessId: DEMO_BUSINESS.id, name: "Crema", hex: "#f3e3c3" });

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
    if (p.archived) await setProjectArchived(db, id, true);
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
      dueAt: new Date(createdAt.getTime() + (inv.daysAgo + inv.dueInDays) * DAY_MS).toISOString().slice(0, 10),
      notes: null,
      createdBy: ADMIN.id,
      createdAt,
      lines: inv.lines,
    });
    if (inv.status === "draft") continue;
    await setInvoiceStatus(db, id, { from: "draft", to: "sent" }, at(inv.daysAgo - 0.5));
    if (inv.paid) {
      const paidOn = at(inv.daysAgo - 5)
        .toISOString()
        .slice(0, 10);
      await addInvoicePayment(db, {
        id: `${id}-payment`,
        invoiceId: id,
        amount: inv.paid,
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

/**
 * The demo users, then their studio, into an empty database only; answers whether it seeded. Not one
 * transaction: invoices take their numbers in transactions of their own.
 */
export async function seedLivingDemo(db: Db, now: Date): Promise<boolean> {
  if (!(await seedDemo(db))) return false;
  await seedDemoStudio(db, now);
  return true;
}
