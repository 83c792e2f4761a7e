// Public surface of @atelier/domain: the product's pure rules and constants.

export * from "./auth-errors";
export * from "./avatar";
export * from "./businesses";
export * from "./comment-digest";
export * from "./comments";
export * from "./due-dates";
export * from "./errors";
export * from "./file-preview";
export * from "./inputs";
export * from "./invoices";
export * from "./live-events";
export * from "./messages";
export * from "./money";
export * from "./navigation";
export * from "./notification-time";
export * from "./outbox";
export * from "./posts";
export * from "./product";
export * from "./project-name";
export * from "./projects";
export * from "./proofs";
export * from "./roles";
export * from "./session";
export * from "./storage-rules";
export * from "./user-rules";
export * from "./workload";
