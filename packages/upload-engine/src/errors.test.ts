// The typed failures carry the messages and toast texts of docs/upload-protocol.md.
import { describe, expect, it } from "vitest";
import { AttemptFailedError, isUploadError, NoServersError, PartFailedError, UploadAbortedError } from "./errors";

const file = { fileName: "brief.pdf", fileIndex: 2 };

describe("upload errors", () => {
  it("words a failed retried attempt for the toast", () => {
    const error = new AttemptFailedError({ ...file, part: 3, parts: 9, attempt: 1, remainingRetries: 10, willRetry: true });
    expect(error.message).toBe("Upload failed. Retrying.");
    expect(error.title).toBe("There was an error uploading brief.pdf (index 2 / part 3)");
    expect(error.description).toBe("Remaining Retries: 10");
    expect(error.code).toBe("attempt-failed");
  });

  it("words the final attempt and the exhausted part", () => {
    expect(new AttemptFailedError({ ...file, part: 3, parts: 9, attempt: 11, remainingRetries: 0, willRetry: false }).message).toBe(
      "Upload failed.",
    );
    const error = new PartFailedError({
      ...file,
      part: 3,
      parts: 9,
      attempts: 11,
      remainingRetries: 0,
      retriesExhausted: true,
      groupId: "g",
      acknowledgedParts: [4, 1, 2],
    });
    expect(error.message).toBe("All retries failed");
    expect(error.description).toBe("Remaining Retries: 0");
    expect(error.resume).toEqual({ groupId: "g", acknowledgedParts: [1, 2, 4] });
    expect(isUploadError(error)).toBe(true);
  });

  it("words a failed whole-file upload as the dialog's messages do", () => {
    const error = new PartFailedError({ ...file, part: 1, parts: 1, attempts: 11, remainingRetries: 0, retriesExhausted: true });
    expect(error.title).toBe("There was an error uploading brief.pdf");
    expect(error.description).toBe("Please, try again.");
    expect(error.resume).toBeUndefined();
  });

  it("words the no-servers failure as a destructive toast", () => {
    const error = new NoServersError(file);
    expect([error.title, error.message, error.description]).toEqual([
      "Error",
      "No servers available. Please try again later.",
      "No servers available. Please try again later.",
    ]);
    expect(error.isNoServersError).toBe(true);
  });

  it("flags aborts like DOM AbortErrors", () => {
    const error = new UploadAbortedError({ ...file, groupId: "g", acknowledgedParts: [1] });
    expect(error.name).toBe("AbortError");
    expect(error.isAbortError).toBe(true);
    expect(error instanceof Error).toBe(true);
  });
});
