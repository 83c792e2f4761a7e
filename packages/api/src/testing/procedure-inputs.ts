// Inputs for every procedure of the router, generated from its zod schema: the sweeps that call each procedure
// (tenant-isolation.security.test.ts, guest-review.security.test.ts) use them, so a new procedure is covered as soon
// as it is mounted; an input the generator cannot make fails the test, naming the procedure and the field.
import type { z } from "zod";

// What ids point at. A field named `id` points at whatever its procedure is about, so it is tried as each kind.
export const ID_KINDS = [
  "business",
  "user",
  "project",
  "file",
  "comment",
  "invoice",
  "post",
  "brandFile",
  "colour",
  "proof",
  "annotation",
  "delivery",
  "timeEntry",
  "service",
] as const;
type IdKind = (typeof ID_KINDS)[number];
export type Ids = Record<IdKind, string>;

/** Fields that say what they point at. A new `…Id` field must be added here, or the test fails on it. */
const ID_FIELDS: Record<string, IdKind> = {
  businessId: "business",
  userId: "user",
  // An app's account is a users row (docs/api.md).
  appId: "user",
  assigneeId: "user",
  authorId: "user",
  projectId: "project",
  fileId: "file",
  commentId: "comment",
  parentId: "comment",
  invoiceId: "invoice",
  postId: "post",
  proofId: "proof",
  annotationId: "annotation",
  assetId: "brandFile",
  deliveryId: "delivery",
  entryId: "timeEntry",
  serviceId: "service",
};

/**
 * Fields named `…Id` that identify something outside the database (a VAT registration, a request's intake folder on
 * the upload servers): plain text here.
 */
const OUTSIDE_IDS = new Set(["vatId", "intakeId"]);

/** Values for other text fields: each field takes the first its schema accepts. */
const SAMPLE_TEXTS = [
  "Sample text",
  "2026-12-01",
  // A month (a retainer's).
  "2026-12",
  "sample@example.test",
  "http://127.0.0.1:9/files/sample.pdf",
  "/placeholder.png",
  "users/sample0123456789ab",
  "0".repeat(64),
  "data:image/png;base64,iVBORw0KGgo=",
  "#1d4ed8",
  "Asia/Tokyo",
  "000000",
  // The studio's legal details: a country, an IBAN, a BIC, a payment link.
  "BE",
  "BE71096123456769",
  "GEBABEBB",
  "https://pay.example.test/sample",
];
// A half first: a fraction of a page fits a box of them (x + w within the page); whole numbers take 1.
const SAMPLE_NUMBERS = [0.5, 1, 0, 100];

/** Picks the id of `kind` for the id field at `at` (a path such as input.files[].id). */
type PickId = (kind: IdKind, at: string) => string;

function cannotGenerate(at: string, why: string): never {
  throw new Error(`Cannot generate ${at}: ${why}. Extend the input generator of this test.`);
}

/**
 * Inputs the schema accepts: the first value of every field, then each other value of one field at a
 * time (every enum value, both booleans, null, absent), so each choice a procedure takes is tried.
 */
function variants(schema: z.ZodType, field: string, at: string, pick: PickId, idKind: IdKind): unknown[] {
  // biome-ignore lint/suspicious/noExplicitAny: zod's definitions differ per type; each case reads its own fields
  const def = schema.def as any;
  const inner = (s: z.ZodType, f = field, path = at) => variants(s, f, path, pick, idKind);
  switch (def.type) {
    case "object": {
      const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(
        ([key, s]) => [key, inner(s, key, `${at}.${key}`)] as const,
      );
      const first = Object.fromEntries(fields.map(([key, values]) => [key, values[0]]));
      // And the smallest input: every field that may be left out or null so (a service without a rush).
      const smallest = Object.fromEntries(
        fields.map(([key, values]) => [key, values.includes(undefined) ? undefined : values.includes(null) ? null : values[0]]),
      );
      const out = [first, smallest];
      for (const [key, values] of fields) for (const value of values.slice(1)) out.push({ ...first, [key]: value });
      // Absent fields are left out (nested objects were built the same way); dates stay dates.
      const built = out.map((o) => Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)));
      // An object that checks its fields together (a VAT category and its rate) keeps the combinations it takes.
      const taken = built.filter((o) => schema.safeParse(o).success);
      return taken.length > 0 ? taken : built;
    }
    case "optional":
    case "default":
    case "prefault":
      return [...inner(def.innerType), undefined];
    case "nullable":
      return [...inner(def.innerType), null];
    case "readonly":
    case "nonoptional":
      return inner(def.innerType);
    case "pipe": {
      // What the input side takes and the whole accepts (a trimmed string that must then be an e-mail address).
      const fits = (values: unknown[]) => values.filter((value) => value === undefined || schema.safeParse(value).success);
      const taken = fits(inner(def.in));
      if (taken.length > 0) return taken;
      // A text the input side takes as any other but the whole checks further (an IBAN's check digits).
      const sample = SAMPLE_TEXTS.find((text) => schema.safeParse(text).success);
      return sample !== undefined ? [sample] : fits(inner(def.out));
    }
    case "array":
      // As few items as the array takes (a stroke has two points or more).
      return inner(def.element, field.replace(/s$/, ""), `${at}[]`).map((value) => {
        const items = [value];
        while (!schema.safeParse(items).success && items.length < 10) items.push(value);
        return items;
      });
    case "tuple": {
      // Each position's first value, then each other value of one position at a time, as for an object's fields.
      const positions = (def.items as z.ZodType[]).map((item, i) => inner(item, field, `${at}[${i}]`));
      const first = positions.map((values) => values[0]);
      const out = [first];
      positions.forEach((values, i) => {
        for (const value of values.slice(1)) out.push(first.map((v, j) => (j === i ? value : v)));
      });
      return out;
    }
    case "union":
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case "record": {
      // None, and one entry of each kind of value (an intake form's answers by field id).
      const [key] = inner(def.keyType, "key", `${at}{key}`);
      return [{}, ...inner(def.valueType, field, `${at}{}`).map((value) => ({ [key as string]: value }))];
    }
    case "enum":
      return Object.values(def.entries);
    case "literal":
      return [...def.values];
    case "boolean":
      return [false, true];
    case "date":
      return [new Date()];
    case "number": {
      const value = SAMPLE_NUMBERS.find((n) => schema.safeParse(n).success);
      return value === undefined ? cannotGenerate(at, "no sample number fits") : [value];
    }
    case "string": {
      // A paging cursor is an opaque position, not an id: lists are tried from their first page here, and forged
      // cursors in the lists' own tests (project-list.integration.test.ts).
      if (field === "cursor") return [undefined];
      // An idempotency key names no record, and answers only its own sender's results (request-ids.integration.test.ts).
      if (field === "requestId") return [undefined];
      const kind = field === "id" ? idKind : ID_FIELDS[field];
      if (kind) {
        const value = pick(kind, at);
        return schema.safeParse(value).success ? [value] : cannotGenerate(at, `the schema refuses the ${kind} id ${value}`);
      }
      if (/Ids?$/.test(field) && !OUTSIDE_IDS.has(field)) cannotGenerate(at, `unknown kind of id "${field}"; add it to ID_FIELDS`);
      const value = SAMPLE_TEXTS.find((text) => schema.safeParse(text).success);
      return value === undefined ? cannotGenerate(at, "no sample text fits; add one to SAMPLE_TEXTS") : [value];
    }
    default:
      return cannotGenerate(at, `zod type "${def.type}" is not handled`);
  }
}

/**
 * Every input to try for one procedure, each checked against its schema: all ids A's, and each id
 * field alone A's with the others B's (a project of one's own with a comment of A's as its parent, …).
 */
export function inputsFor(path: string, inputs: readonly unknown[], a: Ids, b: Ids): unknown[] {
  if (inputs.length === 0) return [undefined];
  if (inputs.length > 1) cannotGenerate(path, "more than one input parser");
  const schema = inputs[0] as z.ZodType;
  const out = new Map<string, unknown>();
  for (const idKind of ID_KINDS) {
    const positions = new Set<string>();
    const generate = (owner: (at: string) => Ids) =>
      variants(
        schema,
        "",
        path,
        (kind, at) => {
          positions.add(at);
          return owner(at)[kind];
        },
        idKind,
      );
    const all = generate(() => a);
    const mixed = [...positions].flatMap((position) => generate((at) => (at === position ? a : b)));
    for (const input of [...all, ...mixed]) out.set(JSON.stringify(input) ?? "", input);
  }
  for (const input of out.values()) {
    const parsed = schema.safeParse(input);
    if (!parsed.success) cannotGenerate(path, `the schema refuses ${JSON.stringify(input)}: ${parsed.error.message}`);
  }
  return [...out.values()];
}

/** The input with every string rewritten by `change`, dates and numbers kept as they are. */
export function withIds(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((v) => withIds(v, change));
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIds(v, change)]));
  return value;
}
