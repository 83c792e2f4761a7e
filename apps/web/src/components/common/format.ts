// Small display formats shared by the project pages.
import { formatInvoiceDate } from "@atelier/domain";

const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "";
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${BYTE_UNITS[unit]}`;
}

/** A calendar day (YYYY-MM-DD) as people read it, "Dec 15, 2026", the same day wherever the browser is. */
export function formatDay(day: string): string {
  return formatInvoiceDate(day);
}
