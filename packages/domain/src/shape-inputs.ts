// A shape as the API takes it, and the Shape it parses to (shapes.ts has the geometry): apart, so a page that draws
// shapes does not load zod with them (docs/performance.md).
import { z } from "zod";
import { HIGHLIGHT_MAX_RECTS, HIGHLIGHT_QUOTE_MAX_LENGTH, SHAPE_MAX_POINTS } from "./shape-limits";

const fraction = z.number().min(0, "A shape lies on the page.").max(1, "A shape lies on the page.");
const point = z.tuple([fraction, fraction]);

/** A box on the page [x, y, w, h]: its top left and size, all fractions of the page, inside it. */
const box = z
  .tuple([fraction, fraction, fraction, fraction])
  .refine(([x, y, w, h]) => x + w <= 1.0001 && y + h <= 1.0001 && w > 0 && h > 0, "A highlight lies on the page.");

export const shapeInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("arrow"), points: z.tuple([point, point]) }),
  z.object({
    kind: z.literal("freehand"),
    points: z
      .array(point)
      .min(2, "A stroke has two points or more.")
      .max(SHAPE_MAX_POINTS, `A stroke has at most ${SHAPE_MAX_POINTS} points.`),
  }),
  z.object({
    kind: z.literal("highlight"),
    /** The lines of text highlighted, top to bottom. */
    rects: z.array(box).min(1, "A highlight covers some text.").max(HIGHLIGHT_MAX_RECTS, "That is more text than one highlight holds."),
    /** The text highlighted, as the PDF gives it. */
    quote: z
      .string()
      .trim()
      .min(1, "A highlight covers some text.")
      .max(HIGHLIGHT_QUOTE_MAX_LENGTH, `A highlight quotes at most ${HIGHLIGHT_QUOTE_MAX_LENGTH} characters.`),
  }),
]);

export type Shape = z.infer<typeof shapeInput>;
