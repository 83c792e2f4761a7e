// Class-name joiner: conditional classes via clsx, Tailwind conflicts resolved so the last one wins.
import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
