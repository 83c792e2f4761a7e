// What the studio sells (docs/services.md): a service has a price or is quoted, includes change rounds, and is done
// in a number of the studio's working days (fewer as a rush, at its own price, when offered). The due date proposed
// for a request counts those days from today in the studio's time zone, skipping weekends and its days off.
import { formatMoney } from "./money";
import { addWorkingDays } from "./working-days";

export const SERVICE_NAME_MAX_LENGTH = 120;
export const SERVICE_DESCRIPTION_MAX_LENGTH = 2000;
export const SERVICE_ROUNDS_MAX = 20;
export const DAY_OFF_LABEL_MAX_LENGTH = 120;
/** Days off the studio keeps at once: more than a year's worth. */
export const DAYS_OFF_MAX = 400;

export interface ServiceTerms {
  price: number | null;
  currency: string;
  turnaroundDays: number;
  rushDays: number | null;
  rushPrice: number | null;
}

/** "€350.00", or "Quoted" for a service priced per request. */
export function servicePriceLabel(service: Pick<ServiceTerms, "price" | "currency">): string {
  return service.price === null ? "Quoted" : formatMoney(service.price, service.currency);
}

/** "3 working days", "1 working day", "the same day". */
export function turnaroundLabel(days: number): string {
  if (days === 0) return "the same working day";
  return `${days} working day${days === 1 ? "" : "s"}`;
}

/**
 * The due date a request for `service` is proposed (YYYY-MM-DD): its turnaround (its rush one when asked and offered)
 * in working days from `now` in the studio's zone, weekends and its days off skipped.
 */
export function proposedDueOn(
  service: Pick<ServiceTerms, "turnaroundDays" | "rushDays">,
  at: { now: Date; timeZone: string; daysOff: Iterable<string>; rush?: boolean },
): string {
  const days = at.rush && service.rushDays !== null ? service.rushDays : service.turnaroundDays;
  return addWorkingDays(at.now, days, at.daysOff, at.timeZone);
}

/**
 * Why a client's due date cannot be had, or null when it can: the proposed date or any later one; a sooner one only
 * as the service's rush.
 */
export function dueDateRefusal(asked: string, proposed: string): string | null {
  return asked < proposed ? `The earliest this can be due is ${proposed}; ask for a rush if the service offers one.` : null;
}

/** What a request for a service is billed: its rush price when asked as a rush and the service prices one, else its price (null: quoted). */
export function requestPrice(service: Pick<ServiceTerms, "price" | "rushPrice">, rush: boolean): number | null {
  return rush && service.rushPrice !== null ? service.rushPrice : service.price;
}

/** A billed request's invoice line: "A5 flyer (rush): Winter market flyer", once, at its price. */
export function requestInvoiceLine(request: { serviceName: string; title: string; rush: boolean; price: number; projectId: string }): {
  description: string;
  quantity: number;
  unitAmount: number;
  projectId: string;
} {
  return {
    description: `${request.serviceName}${request.rush ? " (rush)" : ""}: ${request.title}`,
    quantity: 1,
    unitAmount: request.price,
    projectId: request.projectId,
  };
}
