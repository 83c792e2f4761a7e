// Money in integer minor units (cents, yen, fils): the currencies the studio bills in, how amounts
// are rounded, formatted and read. No floating point touches an amount.
//
// Rounding, written down once:
// - Every rounding is half away from zero, so a credit note (the same lines, negated) rounds to
//   exactly the negative of its invoice.
// - Per line: gross = quantity × unit price (exact); discount = round(gross × discount rate);
//   net = gross − discount (EN 16931 BT-131).
// - Per VAT category and rate: net = the sum of its lines' nets; tax = round(net × rate), rounded once
//   on the sum (EN 16931 BR-CO-17), never per line.
// - Per invoice: net is the sum of the lines' nets, tax the sum of the categories' taxes, total their
//   sum, so the lines on the page add up to the subtotal and the tax rows to the tax printed under them.

/** ISO 4217 codes the studio bills in, with their minor digits. */
const CURRENCIES = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CHF: 2,
  CAD: 2,
  AUD: 2,
  SEK: 2,
  JPY: 0,
  KRW: 0,
  BHD: 3,
  KWD: 3,
  JOD: 3,
} as const satisfies Record<string, 0 | 2 | 3>;
export type Currency = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];
export const DEFAULT_CURRENCY: Currency = "USD";

function isCurrency(code: string): code is Currency {
  return Object.hasOwn(CURRENCIES, code);
}

export function minorDigits(currency: string): 0 | 2 | 3 {
  return isCurrency(currency) ? CURRENCIES[currency] : 2;
}

/** A rate in basis points: 2000 is 20 %. */
export const BASIS_POINTS = 10_000;

/** numerator / denominator, rounded half away from zero; exact for any safe integers. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n + d / 2n) / d;
  return negative ? -quotient : quotient;
}

/** amount × rate (basis points), rounded half away from zero. */
export function applyRate(amount: number, rateBp: number): number {
  return Number(divideRounded(BigInt(amount) * BigInt(rateBp), BigInt(BASIS_POINTS)));
}

/** The amount as an exact decimal string ("-1234.50" for -123450 with 2 digits). */
export function toDecimalString(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** "$1,234.50", "¥1,235", "BHD 1.250"; Intl formats the exact decimal string, never a float. */
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY): string {
  const digits = minorDigits(currency);
  const format = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Intl reads a decimal string exactly (its argument type predates that).
  return format.format(toDecimalString(minor, currency) as unknown as number);
}

/** Reads a typed amount ("1,250.50", "$80") in the currency's minor units; null when it is not a plain non-negative amount. */
export function parseMoney(text: string, currency: string = DEFAULT_CURRENCY): number | null {
  const digits = minorDigits(currency);
  const cleaned = text.replace(/[\s$€£¥,]/g, "").replace(new RegExp(`^${currency}`, "i"), "");
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const value = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(value) ? value : null;
}

/** A rate typed as a percentage ("20", "7.5", "12.25 %") in basis points; null unless 0 to 100 with at most two decimals. */
export function parseRate(text: string): number | null {
  const cleaned = text.replace(/[\s%]/g, "");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bp <= BASIS_POINTS ? bp : null;
}

/** 2000 -> "20%", 750 -> "7.5%". */
export function formatRate(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const fraction = String(rateBp % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}%`;
}
