// The upload dialog's worker: reads each part of a file, hashes it and (for base64 servers) encodes it, off the page's
// main thread, and hands the body back without a copy.
import { type MessageEndpoint, servePartRequests } from "@atelier/upload-engine";

servePartRequests(globalThis as unknown as MessageEndpoint, crypto.subtle);
