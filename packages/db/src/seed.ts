// Demo users for the embedded run, one per role, and the studio's legal details (its invoices can be sent as they
// are); written only into an empty database.
import type { Db } from "./create-db";
import { saveBillingProfile } from "./invoices";
import type { BillingProfile, NewUser } from "./schema";

export const DEMO_BUSINESS = { id: "demo-business", name: "Acme Coffee" } as const;

export const DEMO_USERS = [
  { id: "demo-admin", name: "Ada Admin", email: "admin@atelier.local", role: "admin" },
  { id: "demo-creative", name: "Dora Designer", email: "designer@atelier.local", role: "creative" },
  { id: "demo-client", name: "Cleo Client", email: "client@atelier.local", role: "client", businessId: DEMO_BUSINESS.id },
] as const satisfies readonly NewUser[];

/** The demo studio's legal details: complete, with an IBAN (Belgium's example account, its check digits right). */
const DEMO_STUDIO: BillingProfile = {
  legalName: "Atelier Demo Studio SRL",
  address: "Rue de la Loi 16",
  postcode: "1000",
  city: "Brussels",
  country: "BE",
  vatId: "BE0123456749",
  taxNumber: "",
  email: "billing@atelier.local",
  telephone: "+32 2 555 01 23",
  iban: "BE71096123456769",
  bic: "GEBABEBB",
  paymentLink: "",
  paymentTerms: "Payable within 30 days by bank transfer, quoting the invoice number.",
  bankDetails: "",
  logo: null,
  reminderDays: null,
};

export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  // In Belgium, as the studio is: its invoices are domestic.
  await db
    .insertInto("businesses")
    .values({
      ...DEMO_BUSINESS,
      legalName: "Acme Coffee BV",
      address: "Veldstraat 12",
      postcode: "9000",
      city: "Gent",
      country: "BE",
      vatId: "BE0403170701",
    })
    .execute();
  await db
    .insertInto("users")
    .values(DEMO_USERS.map((u) => ({ ...u, emailVerified: new Date() })))
    .execute();
  await saveBillingProfile(db, DEMO_STUDIO, new Date());
  return true;
}
