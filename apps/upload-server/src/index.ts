// Public surface of @atelier/upload-server: the two server roles and their configuration.

export * from "./balancer";
export * from "./env";
export * from "./upload-server";
