export { fromThisMachine, METRICS_PATH, serveMetrics } from "./access";
export { observeRequest } from "./http";
export { counter, gauge, histogram } from "./registry";
