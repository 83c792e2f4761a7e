// For tests and benchmarks of this app and of what talks to it: loopback TLS, and the servers themselves on loopback.
export { type LoopbackTls, loopbackTls } from "./loopback-tls";
export { startUploadServers, type UploadServers } from "./upload-servers";
