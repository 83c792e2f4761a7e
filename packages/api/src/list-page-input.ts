// What every paged list takes: search words, where the page starts (a cursor from the page before), and its size.
import { LIST_PAGE_SIZE } from "@atelier/domain";
import { z } from "zod";

export const pageFields = {
  query: z.string().max(200).optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
};

/** A list's input with nothing but paging and search; without any, the first page. */
export const listPageInput = z.object(pageFields).default({ limit: LIST_PAGE_SIZE });
