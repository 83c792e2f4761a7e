// Table types of the Atelier database, in the camelCase the CamelCasePlugin maps to snake_case columns.
// Every enumerated column takes its values from @atelier/domain; the migrations' CHECK constraints are
// tested against the same lists (schema.integration.test.ts).
import type {
  BrandFileKind,
  Brief,
  BriefChange,
  CommentEvent,
  Decision,
  FileKind,
  HourCycle,
  IntakeField,
  InvoiceKind,
  InvoiceStatus,
  MailPreference,
  MediaProbeStatus,
  OutboxStatus,
  ProjectStage,
  ProofStatus,
  RetainerRollover,
  RetainerUnit,
  ReviewerChange,
  ReviewerRole,
  ReviewReminder,
  Role,
  Shape,
  UserKind,
  VatCategory,
  VerificationMethod,
  WebhookDeliveryStatus,
  WebhookFormat,
} from "@atelier/domain";
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

interface UsersTable {
  id: string;
  name: string | null;
  email: string | null;
  emailVerified: Date | null;
  image: string | null;
  /** Kept equal to `mailPreference !== "off"`: the toggle of docs/notifications.md. */
  emailNotification: Generated<boolean>;
  mailPreference: Generated<MailPreference>;
  role: Generated<Role>;
  businessId: string | null;
  /** Every comment up to this sequence number is read by the person (Mark All Read, or before they could see it). */
  readThroughSeq: ColumnType<number, number | undefined, number>;
  createdAt: ColumnType<Date, Date | undefined, never>;
  /** Set while an admin has deactivated the user: no sign-in, no session; their history stays. */
  deactivatedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The IANA zone and the clock the person reads times in; null until their browser has told (timePrefsOf). */
  timeZone: ColumnType<string | null, string | null | undefined, string | null>;
  hourCycle: ColumnType<HourCycle | null, HourCycle | null | undefined, HourCycle | null>;
  /** A person, or an app's account that owns API tokens (docs/api.md): no address, no sign-in, in no list of people. */
  kind: ColumnType<UserKind, UserKind | undefined, never>;
  /** What an hour of the person's time is billed at, in minor units of the invoice's currency; 0 for not set. */
  hourlyRate: ColumnType<number, number | undefined, number>;
  /** Minutes a week this person works (docs/workload.md, "Hours"); 40 hours unless set. */
  weeklyCapacity: ColumnType<number, number | undefined, number>;
}

interface BusinessesTable {
  id: string;
  name: string;
  image: string | null;
  /** The ISO 4217 code its invoices are in. */
  currency: Generated<string>;
  /** Change rounds its projects include before a request for changes is billable. */
  revisionAllowance: Generated<number>;
  createdAt: ColumnType<Date, Date | undefined, never>;
  /** Where its invoices are mailed; null (or none) means its client users. */
  billingEmails: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** Its legal details as the buyer of its invoices (docs/invoices.md); "" while not given. */
  legalName: Generated<string>;
  address: Generated<string>;
  postcode: Generated<string>;
  city: Generated<string>;
  country: Generated<string>;
  vatId: Generated<string>;
  buyerReference: Generated<string>;
}

/** A file of a business's brand library, kept in its BRAND folder on the upload servers. */
export interface BrandFilesTable {
  id: string;
  businessId: string;
  kind: BrandFileKind;
  uploadId: string;
  name: string;
  key: string;
  thumbnail: string;
  blur: string;
  size: ColumnType<number | null, number | null | undefined, number | null>;
  type: string | null;
  uploadedBy: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** A colour value of a business's brand (#rrggbb). */
interface BrandColoursTable {
  id: string;
  businessId: string;
  name: string;
  hex: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

interface ProjectsTable {
  id: string;
  businessId: string;
  /** YYYY-MM-DD-Title-In-Words: the date prefix and dashes are how projects are named in storage and lists. */
  name: string;
  title: string;
  event: string;
  archived: Generated<boolean>;
  /** Where it stands; moved by the comments that carry a stage event. */
  stage: ColumnType<ProjectStage, ProjectStage | undefined, ProjectStage>;
  /** The designer working on it; null until the studio assigns someone. */
  assigneeId: ColumnType<string | null, string | null | undefined, string | null>;
  createdBy: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  /** Its name, business and designer, folded (atelier_fold): kept by triggers, read by searches. */
  search: ColumnType<string, never, never>;
  /** Its latest comment that everyone on it sees, or its creation: kept by triggers, for "recently active". */
  lastActivityAt: ColumnType<Date, never, never>;
  /** When it is due, a calendar day (YYYY-MM-DD); null when no date was set. */
  dueOn: ColumnType<string | null, string | null | undefined, string | null>;
  /** The service it was asked as (docs/services.md); null for a project started without one. */
  serviceId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Asked as a rush: due by the service's rush turnaround. */
  rush: ColumnType<boolean, boolean | undefined, boolean>;
  /** The brief it was asked with: its service's form as answered, and the answers (JSON); null without one. */
  brief: ColumnType<Brief | null, string | null | undefined, string | null>;
  /** The invoice that billed it at its service's price (docs/services.md); null while unbilled. */
  invoiceId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A person's hourly rate for one service, over their own (docs/time.md). */
interface ServiceRatesTable {
  serviceId: string;
  userId: string;
  rate: number;
}

/** A business's monthly allowance of requests or hours (docs/retainers.md); one per business. */
interface RetainersTable {
  businessId: string;
  unit: RetainerUnit;
  /** Requests, or minutes for hours. */
  allowance: number;
  startsOn: string;
  rollover: RetainerRollover;
  rate: number;
  monthlyFee: ColumnType<number, number | undefined, number>;
  currency: string;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
}

/** The invoice that billed a month of a business's retainer: one a month. */
interface RetainerInvoicesTable {
  businessId: string;
  month: string;
  invoiceId: string;
}

/** A change the studio made to a project's brief: who, when, and what (each field's answer before and after). */
interface ProjectBriefEditsTable {
  id: string;
  projectId: string;
  editedBy: string | null;
  editedAt: ColumnType<Date, Date | undefined, never>;
  changes: ColumnType<BriefChange[], string, never>;
}

/** What the studio sells (docs/services.md). */
interface ServicesTable {
  id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  event: string;
  /** Minor units; null when quoted for each request. */
  price: number | null;
  currency: ColumnType<string, string | undefined, string>;
  rounds: ColumnType<number, number | undefined, number>;
  turnaroundDays: number;
  rushDays: number | null;
  rushPrice: number | null;
  /** Shown to every business; otherwise only to those in service_businesses. */
  forAll: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number, number | undefined, number>;
  archivedAt: Date | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  /** The questions a request for it asks (JSON list of fields). */
  intakeForm: ColumnType<IntakeField[], string | undefined, string>;
  /** Minutes a request for it is expected to take (0: not estimated). */
  estimateMinutes: ColumnType<number, number | undefined, number>;
}

interface ServiceBusinessesTable {
  serviceId: string;
  businessId: string;
}

/** A calendar day (YYYY-MM-DD) the studio does not work. */
interface StudioDaysOffTable {
  day: string;
  label: ColumnType<string, string | undefined, string>;
}

/** One row (id 1): the IANA zone the studio's working days are counted in. */
interface StudioCalendarTable {
  id: number;
  timeZone: ColumnType<string, string | undefined, string>;
}

export interface ProjectFilesTable {
  id: string;
  projectId: string;
  kind: FileKind;
  uploadId: string;
  name: string;
  /** The file's path in the upload store, derived on the server; links to it are signed for this key. */
  key: string;
  thumbnail: string;
  blur: string;
  size: number | null;
  type: string | null;
  sha256: string | null;
  uploadedBy: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

interface ImageUploadsTable {
  /** bucket/path of the stored image. */
  key: string;
  userId: string;
  bytes: number;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

interface AccountsTable {
  id: string;
  userId: string;
  type: string;
  provider: string;
  providerAccountId: string;
  refreshToken: string | null;
  accessToken: string | null;
  expiresAt: number | null;
  tokenType: string | null;
  scope: string | null;
  idToken: string | null;
  sessionState: string | null;
}

interface SessionsTable {
  id: string;
  sessionToken: string;
  userId: string;
  expires: Date;
}

interface VerificationTokensTable {
  identifier: string;
  token: string;
  expires: Date;
}

/** One row per magic-link request, so the limits hold across web instances. */
interface SignInAttemptsTable {
  id: Generated<number>;
  identifier: string;
  /** The client's socket address; null when the web server did not say. */
  clientAddress: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** Mail kept for the embedded run's dev mailbox, where no SMTP server is configured. */
interface DevMailTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The files the mail carried; written as JSON text, read back parsed. */
  attachments: ColumnType<MailAttachment[] | null, string | null | undefined, string | null>;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** One mail to deliver; see migrations/2026-11-23-0100-outbox.ts. */
interface OutboxTable {
  id: string;
  /** What caused it: "sign-in", "comment", … */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  nextAttemptAt: ColumnType<Date, Date | undefined, Date>;
  /** While set and in the future, one web instance is sending this mail. */
  lockedUntil: Date | null;
  /** Why it has not gone: its last attempt's error, or why it was withdrawn. */
  lastError: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  sentAt: Date | null;
  /** Mail that gathers items (comments) until its first attempt; see enqueueGathering. */
  digestKey: string | null;
  /** Whom gathered mail is for: its address, and what it may tell them, are read again when it goes. */
  recipientId: ColumnType<string | null, string | null | undefined, string | null>;
  payload: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  /** Files sent with the mail; written as JSON text, read back parsed. */
  attachments: ColumnType<MailAttachment[] | null, string | null | undefined, string | null>;
  /** The id of the request that wrote it (for gathered mail, the one that started it), for the logs; null from a worker. */
  requestId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

interface CommentsTable {
  id: string;
  projectId: string;
  /** The project's business, kept beside it so a business's comments are one index range; filled from the project. */
  businessId: ColumnType<string, string | undefined, never>;
  /** The order comments were written in, whatever clock stamped createdAt. */
  seq: ColumnType<number, never, never>;
  userId: string | null;
  event: CommentEvent | null;
  body: string;
  parentId: string | null;
  isChild: Generated<boolean>;
  createdAt: ColumnType<Date, Date | undefined, never>;
  /** Who wrote it when a guest did (userId null): the name and address they were verified with. */
  guestName: ColumnType<string | null, string | null | undefined, never>;
  guestEmail: ColumnType<string | null, string | null | undefined, never>;
  /** Its body's words for search (a tsvector), generated by the database. */
  searchTerms: ColumnType<string, never, never>;
}

/** A person's unread notifications, one row each: written with the comment, removed when read. */
interface InboxTable {
  userId: string;
  commentId: string;
  projectId: string;
  seq: number;
  createdAt: Date;
}

interface CommentReadsTable {
  commentId: string;
  userId: string;
  readAt: ColumnType<Date, Date | undefined, never>;
}

/** The same as the domain's InvoiceStatus, under the name the invoice queries use. */
export type InvoiceStatusValue = InvoiceStatus;

interface InvoicesTable {
  id: string;
  number: string;
  businessId: string;
  projectId: string | null;
  status: Generated<InvoiceStatus>;
  currency: Generated<string>;
  /** A calendar date (YYYY-MM-DD); kept as text so no time zone shifts it. */
  dueAt: ColumnType<string | null, string | null | undefined, string | null>;
  notes: string | null;
  sentAt: Date | null;
  paidAt: Date | null;
  createdBy: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  kind: Generated<InvoiceKind>;
  /** A credit note's invoice, which it corrects. */
  creditFor: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the reminder of this overdue invoice was written; it goes out once. */
  remindedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

interface InvoiceLinesTable {
  id: string;
  invoiceId: string;
  position: number;
  description: string;
  quantity: number;
  unitAmount: number;
  /** The project the line bills, when it comes from one. */
  projectId: string | null;
  discountBp: number;
  taxRateBp: number;
  /** The line's VAT category; null on lines saved before categories, read by their rate (defaultVatCategory). */
  taxCategory: ColumnType<VatCategory | null, VatCategory | null | undefined, VatCategory | null>;
}

interface InvoiceSequencesTable {
  series: string;
  year: number;
  last: number;
}

interface InvoicePaymentsTable {
  id: string;
  invoiceId: string;
  amount: number;
  /** A calendar date (YYYY-MM-DD). */
  paidOn: string;
  note: string | null;
  recordedBy: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** Time on a project (docs/time.md): running while `endedAt` is null; billed once `invoiceId` is set. */
interface TimeEntriesTable {
  id: string;
  userId: string;
  projectId: string;
  startedAt: Date;
  endedAt: Date | null;
  minutes: number | null;
  note: ColumnType<string, string | undefined, string>;
  billable: ColumnType<boolean, boolean | undefined, boolean>;
  rate: ColumnType<number, number | undefined, number>;
  invoiceId: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** The studio's billing details printed on its invoices; one row, id 1. */
interface BillingProfileTable {
  id: number;
  legalName: string;
  address: string;
  taxNumber: string;
  /** A data: URL of a PNG or JPEG image. */
  logo: string | null;
  /** The postal address's code and city, and its country (ISO 3166-1 alpha-2); "" while not given. */
  postcode: Generated<string>;
  city: Generated<string>;
  country: Generated<string>;
  /** The VAT identifier, with its country's two letters (EN 16931 BT-31). */
  vatId: Generated<string>;
  /** The studio's invoicing e-mail: its electronic address on e-invoices (EN 16931 BT-34) and their contact. */
  email: Generated<string>;
  /** The studio's telephone number, as typed; the contact an XRechnung names (BR-DE-6). */
  telephone: Generated<string>;
  /** Where clients pay: a bank account (IBAN, BIC), or an https payment link. */
  iban: Generated<string>;
  bic: Generated<string>;
  paymentLink: Generated<string>;
  paymentTerms: string;
  bankDetails: string;
  /** Overdue invoices are reminded this many days after their due date; null sends no reminders. */
  reminderDays: number | null;
  updatedAt: Date;
}

interface PostsTable {
  id: string;
  title: string;
  body: string;
  authorId: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  /** Null while a draft, which only its author and the admins see. */
  publishedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updatedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** One round of a project's proofs; see migrations/2026-11-25-0600-proofs.ts. */
interface ProofsTable {
  id: string;
  projectId: string;
  round: number;
  note: string | null;
  /** A calendar date (YYYY-MM-DD). */
  dueOn: string | null;
  status: Generated<ProofStatus>;
  sentBy: string | null;
  commentId: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  changesBy: ColumnType<string | null, string | null | undefined, string | null>;
  changesForBusiness: ColumnType<string | null, string | null | undefined, string | null>;
  changesAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revision: ColumnType<number | null, number | null | undefined, number | null>;
  billable: Generated<boolean>;
  /** How the person who asked for changes was known, and the guest's name and address when a guest did. */
  changesVerifiedBy: ColumnType<VerificationMethod | null, VerificationMethod | null | undefined, VerificationMethod | null>;
  changesGuestName: ColumnType<string | null, string | null | undefined, string | null>;
  changesGuestEmail: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether decisions are refused once its deadline (or its current step's) has passed. */
  lockAtDeadline: Generated<boolean>;
}

/** A step's own deadline on a round (migration 2026-11-28-1700-review-deadlines). */
interface ProofStepDeadlinesTable {
  proofId: string;
  step: number;
  /** A calendar date (YYYY-MM-DD). */
  dueOn: string;
}

/** A reviewer named on a round, or taken off it, by whom and when: the list itself is replaced. */
interface ProofReviewerChangesTable {
  proofId: string;
  email: string;
  change: ReviewerChange;
  /** The role and step they were named with, or had when removed. */
  role: ReviewerRole;
  step: number;
  changedBy: string | null;
  changedAt: Date;
}

/** A deadline reminder mailed: one per round, address and the recipient's own day. */
interface ReviewRemindersTable {
  proofId: string;
  email: string;
  day: string;
  kind: ReviewReminder;
  step: number | null;
  dueOn: string;
  sentAt: Date;
}

export interface ProofFilesTable {
  proofId: string;
  fileId: string;
  position: number;
  name: string;
  key: string;
  sha256: string;
  size: number;
  type: string | null;
  thumbnail: string;
}

interface ProofApprovalsTable {
  proofId: string;
  approvedBy: string | null;
  actingForBusiness: string | null;
  approvedAt: Date;
  round: number;
  sha256s: string[];
  commentId: string | null;
  /** How the approver was known: signed in, or by an e-mail code (a guest, named by guestName and guestEmail). */
  verifiedBy: Generated<VerificationMethod>;
  guestName: string | null;
  guestEmail: string | null;
  /** The client's address and browser when they approved (null for approvals made before these were kept). */
  ipAddress: ColumnType<string | null, string | null | undefined, never>;
  userAgent: ColumnType<string | null, string | null | undefined, never>;
}

/** An approved round's signed certificate; see migrations/2026-11-28-1200-approval-certificates.ts. */
interface ApprovalCertificatesTable {
  id: string;
  proofId: string;
  /** The canonical JSON text that was signed, byte for byte. */
  record: string;
  signature: string;
  keyId: string;
  createdAt: Date;
}

export interface AnnotationsTable {
  id: string;
  proofId: string;
  fileId: string;
  page: number | null;
  x: number;
  y: number;
  w: number | null;
  h: number | null;
  /** An arrow or a freehand stroke (docs/compare.md, "Markup"), written as JSON; x and y are then its anchor. */
  shape: ColumnType<Shape | null, string | null | undefined, string | null>;
  /** On a video or a sound: the moment it is pinned to, in seconds from the start (a video's frame's middle). */
  at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whether its comment is an internal note (isInternalNote), written with the pin; reads take the comment's event. */
  shadow: boolean;
  commentId: string;
  createdBy: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  resolvedBy: ColumnType<string | null, string | null | undefined, string | null>;
  resolvedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The guest who made it (createdBy null), by the name and address they were verified with. */
  guestName: ColumnType<string | null, string | null | undefined, never>;
  guestEmail: ColumnType<string | null, string | null | undefined, never>;
}

/** A proof round shared by link with guests; see migrations/2026-11-28-0900-guest-shares.ts. */
/** A reviewer a proof round names (docs/approval-chains.md), and their decision once they made it. */
interface ProofReviewersTable {
  proofId: string;
  email: string;
  role: ReviewerRole;
  step: number;
  position: number;
  addedBy: string | null;
  notifiedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  decision: ColumnType<Decision | null, Decision | null | undefined, Decision | null>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  decidedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  decidedBy: ColumnType<string | null, string | null | undefined, string | null>;
  verifiedBy: ColumnType<VerificationMethod | null, VerificationMethod | null | undefined, VerificationMethod | null>;
  guestName: ColumnType<string | null, string | null | undefined, string | null>;
  ipAddress: ColumnType<string | null, string | null | undefined, string | null>;
  userAgent: ColumnType<string | null, string | null | undefined, string | null>;
  sha256s: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  commentId: ColumnType<string | null, string | null | undefined, string | null>;
}

interface GuestSharesTable {
  id: string;
  proofId: string;
  tokenHash: string;
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  passwordHash: string | null;
  emails: string[] | null;
  revokedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revokedBy: ColumnType<string | null, string | null | undefined, string | null>;
  lastOpenedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** One request for a code, a refused one included (codeHash null). */
interface GuestCodesTable {
  id: string;
  shareId: string;
  email: string;
  name: string;
  codeHash: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

interface GuestCodeFailuresTable {
  shareId: string;
  email: string;
  wrong: number;
  lockedAt: Date | null;
}

interface GuestSessionsTable {
  id: string;
  shareId: string;
  tokenHash: string;
  email: string;
  name: string;
  createdAt: Date;
  expiresAt: Date;
}

interface StoredFileDigestsTable {
  key: string;
  etag: string;
  sha256: string;
  size: number;
  computedAt: ColumnType<Date, Date | undefined, never>;
}

/** What a creating call made, under the idempotency key its caller sent (migration 2026-11-27-1100-request-ids). */
interface RequestResultsTable {
  userId: string;
  requestId: string;
  /** The procedure that made it: the same key on another procedure is refused. */
  procedure: string;
  result: ColumnType<unknown, string, never>;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** An address that receives signed events (migration 2026-11-28-1000-webhooks). */
interface WebhookEndpointsTable {
  id: string;
  name: string | null;
  url: string;
  /** The signing secret (whsec_…): shown once when made, never answered again. */
  secret: string;
  events: string[];
  /** Receives events about internal notes too. */
  internal: Generated<boolean>;
  /** The body's form: Standard Webhooks JSON, or a Slack-compatible message. */
  format: ColumnType<WebhookFormat, WebhookFormat | undefined, WebhookFormat>;
  /** Hears of this business's events only; null for the whole studio's. */
  businessId: string | null;
  createdBy: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** One event for one endpoint, attempted until it is answered with a 2xx or a day has gone by. */
interface WebhookDeliveriesTable {
  /** Sent as webhook-id, the same on every attempt. */
  id: string;
  endpointId: string;
  type: string;
  /** The JSON body exactly as signed and sent. */
  body: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  nextAttemptAt: Date;
  /** While set and in the future, one web instance is attempting this delivery. */
  lockedUntil: Date | null;
  lastStatus: number | null;
  lastResponseMs: number | null;
  lastError: string | null;
  /** When the current run of attempts began: written, or re-sent by hand. */
  queuedAt: Date;
  createdAt: ColumnType<Date, Date | undefined, never>;
  deliveredAt: Date | null;
}

/** A person's token for other apps (migration 2026-11-28-1300-api-tokens): only its hash is kept. */
interface ApiTokensTable {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  /** The token's first characters, to tell tokens apart. */
  hint: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** The current rate-limit window: when it began and the calls made in it. */
  windowStart: Date | null;
  windowCalls: Generated<number>;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** A secret every instance on the database shares (migration 2026-11-28-1600-shared-secrets). */
interface SharedSecretsTable {
  name: string;
  value: string;
  createdAt: Date;
}

/** A person's private calendar feed (docs/calendar-feed.md): the SHA-256 (hex) of its address's token. */
interface CalendarFeedsTable {
  userId: string;
  tokenHash: string;
  createdAt: Date;
  lastReadAt: Date | null;
}

/** What the server found of a stored video or sound (docs/compare.md, "Video and sound"), by its key. */
interface MediaProbesTable {
  key: string;
  status: Generated<MediaProbeStatus>;
  attempts: Generated<number>;
  leasedUntil: Date | null;
  durationS: number | null;
  fps: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** Its poster frame (a video) or waveform (a sound) in the thumbnails bucket. */
  poster: string | null;
  error: string | null;
  createdAt: Date;
  probedAt: Date | null;
}

export interface Database {
  users: UsersTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  verificationTokens: VerificationTokensTable;
  signInAttempts: SignInAttemptsTable;
  devMail: DevMailTable;
  outbox: OutboxTable;
  businesses: BusinessesTable;
  brandFiles: BrandFilesTable;
  brandColours: BrandColoursTable;
  projects: ProjectsTable;
  projectFiles: ProjectFilesTable;
  imageUploads: ImageUploadsTable;
  comments: CommentsTable;
  commentReads: CommentReadsTable;
  inbox: InboxTable;
  invoices: InvoicesTable;
  invoiceLines: InvoiceLinesTable;
  invoiceSequences: InvoiceSequencesTable;
  invoicePayments: InvoicePaymentsTable;
  billingProfile: BillingProfileTable;
  posts: PostsTable;
  proofs: ProofsTable;
  proofFiles: ProofFilesTable;
  proofApprovals: ProofApprovalsTable;
  approvalCertificates: ApprovalCertificatesTable;
  annotations: AnnotationsTable;
  proofReviewers: ProofReviewersTable;
  guestShares: GuestSharesTable;
  guestCodes: GuestCodesTable;
  guestCodeFailures: GuestCodeFailuresTable;
  guestSessions: GuestSessionsTable;
  storedFileDigests: StoredFileDigestsTable;
  requestResults: RequestResultsTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  apiTokens: ApiTokensTable;
  calendarFeeds: CalendarFeedsTable;
  sharedSecrets: SharedSecretsTable;
  proofStepDeadlines: ProofStepDeadlinesTable;
  reviewReminders: ReviewRemindersTable;
  proofReviewerChanges: ProofReviewerChangesTable;
  mediaProbes: MediaProbesTable;
  timeEntries: TimeEntriesTable;
  services: ServicesTable;
  projectBriefEdits: ProjectBriefEditsTable;
  retainers: RetainersTable;
  serviceRates: ServiceRatesTable;
  retainerInvoices: RetainerInvoicesTable;
  serviceBusinesses: ServiceBusinessesTable;
  studioDaysOff: StudioDaysOffTable;
  studioCalendar: StudioCalendarTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type OutboxMail = Selectable<OutboxTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;
export type Business = Selectable<BusinessesTable>;
export type BillingProfile = Omit<Selectable<BillingProfileTable>, "id" | "updatedAt">;
