// Reads Prometheus's text exposition format (0.0.4) strictly, for tests that check what /metrics says. Written here
// because the one parser on npm (parse-prometheus-text-format 1.1) folds a labelled histogram's series into one.

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  /** Each family's TYPE, by name. */
  types: Map<string, string>;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"\s*(,|$)/y;

function parseValue(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): Inf and NaN in any case.
  if (/^\+?inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  const value = Number(text);
  if (text === "" || Number.isNaN(value)) throw new Error(`not a number in: ${line}`);
  return value;
}

/** Every sample and family type in the text; throws on the first line that breaks the format. */
export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      const [, keyword, name, rest] = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line) ?? [];
      if (!keyword) continue; // a plain comment
      if (!NAME.test(name ?? "")) throw new Error(`bad metric name in: ${line}`);
      if (keyword === "TYPE") {
        if (!TYPES.has(rest ?? "")) throw new Error(`bad type in: ${line}`);
        if (types.has(name as string)) throw new Error(`second TYPE for ${name}`);
        types.set(name as string, rest as string);
      }
      continue;
    }
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const [, name = "", body = "", value = ""] = match;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const at = LABEL.lastIndex;
      const label = LABEL.exec(body);
      if (!label || label.index !== at) throw new Error(`bad labels in: ${line}`);
      labels[label[1] as string] = (label[2] as string).replace(/\\(["\\n])/g, (_, c: string) => (c === "n" ? "\n" : c));
    }
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count|total|created)$/, "");
    if (!types.has(family) && !types.has(name)) throw new Error(`sample before its TYPE: ${line}`);
    samples.push({ name, labels, value: parseValue(value, line) });
  }
  return { types, samples };
}

/** The sum of one sample's values over the series whose labels include `labels` (a histogram: ask for NAME_count). */
export function sampleOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  return exposition.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
