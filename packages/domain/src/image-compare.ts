// Comparing two rounds of an image (docs/compare.md): both drawn at one size, then the changed pixels gathered into
// regions a reviewer steps through. Pure: the viewer hands in the pixels (RGBA, as a canvas gives them) and draws the
// answer; written by hand because it is ours (what counts as one change), a few dozen lines over a grid.

/** Pixels as a canvas's getImageData answers them: RGBA, row by row. */
export interface Raster {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** A changed region, as fractions 0–1 of the image's width and height (like pins), so it holds at any zoom. */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A channel that moved by more than this (of 255) is a change, not compression noise. */
const DIFF_THRESHOLD = 40;
/** Changes are gathered on a grid of cells this many pixels wide; changes within a cell of each other are one region. */
const DIFF_CELL = 8;
/** The longer side both images are drawn at for comparing: detail enough for print proofs, quick on a phone. */
const COMPARE_MAX_SIDE = 1600;

/** The size both images are drawn at: the first one's shape, its longer side at most `maxSide`. */
export function compareSize(first: { width: number; height: number }, maxSide = COMPARE_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(first.width, first.height));
  return { width: Math.max(1, Math.round(first.width * scale)), height: Math.max(1, Math.round(first.height * scale)) };
}

/**
 * The regions where `a` and `b` (drawn at one size) differ, top to bottom, then left to right. A pixel differs when any
 * channel moved by more than `threshold`; differing cells of the grid that touch, or lie one cell apart, are one region.
 */
export function changedRegions(a: Raster, b: Raster, options: { threshold?: number; cell?: number } = {}): Region[] {
  if (a.width !== b.width || a.height !== b.height) throw new Error("Draw both images at one size before comparing them.");
  const threshold = options.threshold ?? DIFF_THRESHOLD;
  const cell = options.cell ?? DIFF_CELL;
  const { width, height } = a;
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const changed = new Uint8Array(cols * rows);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x += 1) {
      const at = row + Math.floor(x / cell);
      if (changed[at]) continue;
      const i = (y * width + x) * 4;
      for (let c = 0; c < 4; c += 1) {
        if (Math.abs((a.data[i + c] as number) - (b.data[i + c] as number)) > threshold) {
          changed[at] = 1;
          break;
        }
      }
    }
  }

  const seen = new Uint8Array(cols * rows);
  const regions: Region[] = [];
  for (let start = 0; start < changed.length; start += 1) {
    if (!changed[start] || seen[start]) continue;
    let [left, top, right, bottom] = [cols, rows, -1, -1];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const cx = at % cols;
      const cy = Math.floor(at / cols);
      left = Math.min(left, cx);
      right = Math.max(right, cx);
      top = Math.min(top, cy);
      bottom = Math.max(bottom, cy);
      // Neighbours up to two cells away: a gap of one unchanged cell does not split a change in two.
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const next = ny * cols + nx;
          if (changed[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    const x0 = left * cell;
    const y0 = top * cell;
    const x1 = Math.min(width, (right + 1) * cell);
    const y1 = Math.min(height, (bottom + 1) * cell);
    regions.push({ x: x0 / width, y: y0 / height, w: (x1 - x0) / width, h: (y1 - y0) / height });
  }
  // The scan finds regions by their first cell, row by row: already top to bottom; ties go left to right.
  return regions.sort((p, q) => p.y - q.y || p.x - q.x);
}
