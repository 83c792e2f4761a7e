// How much a shape holds: the limits its input checks (shape-inputs.ts) and its geometry keeps to (shapes.ts), apart
// from both so that neither imports the other.

/** Points a stroke keeps at most, after thinning: enough for any hand-drawn mark on a page. */
export const SHAPE_MAX_POINTS = 400;

/** Boxes a highlight keeps at most: one per line of the text chosen, merged. */
export const HIGHLIGHT_MAX_RECTS = 200;
/** The quoted text a highlight keeps at most, in characters; a longer choice is cut with an ellipsis. */
export const HIGHLIGHT_QUOTE_MAX_LENGTH = 1000;
