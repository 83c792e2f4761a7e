// One Prometheus registry per process (README, "Monitoring"). The web app's server and its route handlers are bundled
// apart, each with its own copy of this module, so the registry and every metric live on globalThis: whoever asks
// first makes them, and the others get the same ones.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

const KEY = Symbol.for("atelier.metrics.registry");
type Holder = { [KEY]?: Registry };

/** This process's registry, with Node's own metrics (CPU, memory, event loop lag, heap) collected into it. */
export function metricsRegistry(): Registry {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    holder[KEY] = registry;
  }
  return holder[KEY];
}

type Config<T extends string> = { name: string; help: string; labelNames?: readonly T[] };

function once<M>(name: string, make: (registry: Registry) => M): M {
  const registry = metricsRegistry();
  return (registry.getSingleMetric(name) as M | undefined) ?? make(registry);
}

export function counter<T extends string = never>(config: Config<T>): Counter<T> {
  return once(config.name, (registry) => new Counter<T>({ ...config, labelNames: config.labelNames ?? [], registers: [registry] }));
}

export function histogram<T extends string = never>(config: Config<T> & { buckets?: number[] }): Histogram<T> {
  return once(config.name, (registry) => new Histogram<T>({ ...config, labelNames: config.labelNames ?? [], registers: [registry] }));
}

type Reading<T extends string> = number | Array<[Partial<Record<T, string>>, number]>;

const READERS = Symbol.for("atelier.metrics.readers");
function readers(): Map<string, () => Promise<Reading<string>> | Reading<string>> {
  const holder = globalThis as { [READERS]?: Map<string, () => Promise<Reading<string>> | Reading<string>> };
  holder[READERS] ??= new Map();
  return holder[READERS];
}

/**
 * A gauge read when Prometheus scrapes: `read` answers its value, or one value per label set. Asked again, the same
 * name answers the gauge made first, and a new `read` replaces the old (a process's parts made again after a failure).
 */
export function gauge<T extends string = never>(config: Config<T> & { read?: () => Promise<Reading<T>> | Reading<T> }): Gauge<T> {
  if (config.read) readers().set(config.name, config.read as () => Promise<Reading<string>> | Reading<string>);
  return once(
    config.name,
    (registry) =>
      new Gauge<T>({
        name: config.name,
        help: config.help,
        labelNames: config.labelNames ?? [],
        registers: [registry],
        async collect() {
          const read = readers().get(config.name);
          if (!read) return;
          const value = await read();
          if (typeof value === "number") {
            this.set(value);
            return;
          }
          this.reset();
          for (const [labels, v] of value) this.set(labels as Partial<Record<T, string>>, v);
        },
      }),
  );
}
