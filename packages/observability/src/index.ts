export { fromThisMachine, METRICS_PATH, serveMetrics } from "./access";
export { observeRequest } from "./http";
export { logger, REQUEST_ID_HEADER, requestIdFrom } from "./log";
export { counter, gauge, histogram } from "./registry";
export { currentRequestId, withRequestId } from "./request-context";
export { currentTraceparent, errorType, failSpan, inServerSpan, linkToTraceparent, type Span, withoutTrace, withSpan } from "./spans";
