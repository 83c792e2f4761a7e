// The upload requests over XMLHttpRequest: browsers' fetch cannot report a request body leaving (a streamed
// body needs HTTP/2), and XHR's upload events can, so progress moves with the bytes sent.
import type { FetchInit, FetchLike, FetchResponse } from "@atelier/upload-engine";

export const xhrFetch: FetchLike = (url: string, init: FetchInit) =>
  new Promise<FetchResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    const { onUploadProgress } = init;
    if (onUploadProgress && init.body) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
      };
    }
    const abort = () => xhr.abort();
    if (init.signal.aborted) {
      reject(new DOMException("The upload was aborted", "AbortError"));
      return;
    }
    init.signal.addEventListener("abort", abort, { once: true });
    const settle = () => init.signal.removeEventListener("abort", abort);
    xhr.onload = () => {
      settle();
      const text = xhr.responseText;
      resolve({
        ok: xhr.status >= 200 && xhr.status < 300,
        status: xhr.status,
        text: async () => text,
        json: async () => JSON.parse(text) as unknown,
      });
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError("Network request failed"));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException("The upload was aborted", "AbortError"));
    };
    // As a Blob: Chromium hands a Blob body to its network service whole, and streams an ArrayBuffer body to it in small
    // pieces, about ten times slower (measured: 10 MiB parts at 25 MiB/s as bytes, 230 MiB/s as Blobs).
    const body = init.body;
    xhr.send(body instanceof Uint8Array ? new Blob([body]) : (body ?? null));
  });
