// The studio's logo as Billing takes it, apart from its schema (logoInput, in inputs.ts): the page that picks a logo
// checks it with these without loading zod (docs/performance.md).

/** The studio's logo, printed on invoices: a PNG or JPEG of at most LOGO_MAX_BYTES, chosen on Billing. */
export const LOGO_MAX_BYTES = 300_000;
export const LOGO_TYPES: readonly string[] = ["image/png", "image/jpeg"];
export const LOGO_TYPE_MESSAGE = "The logo must be a PNG or JPEG image.";
export const LOGO_SIZE_MESSAGE = `The logo must be smaller than ${LOGO_MAX_BYTES / 1000} KB.`;
