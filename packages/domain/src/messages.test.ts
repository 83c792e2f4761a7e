import { describe, expect, it } from "vitest";
import { type MessageKey, messages } from "./messages";

const cases: [MessageKey, string, string][] = [
  ["errorTitle", messages.errorTitle(), "Error"],
  ["noServers", messages.noServers(), "No servers available. Please try again later."],
  ["chunkFailed", messages.chunkFailed("poster.pdf", 2, 7), "There was an error uploading poster.pdf (index 2 / part 7)"],
  ["remainingRetries", messages.remainingRetries(4), "Remaining Retries: 4"],
  ["remainingRetries", messages.remainingRetries(0), "Remaining Retries: 0"],
  ["uploadFailedRetrying", messages.uploadFailedRetrying(), "Upload failed. Retrying."],
  ["uploadFailedFinal", messages.uploadFailedFinal(), "Upload failed."],
  ["allRetriesFailed", messages.allRetriesFailed(), "All retries failed"],
  ["uploadFailed", messages.uploadFailed("logo.png"), "There was an error uploading logo.png"],
  ["tryAgain", messages.tryAgain(), "Please, try again."],
  ["missingMetaFields", messages.missingMetaFields(["client"]), "Missing required meta field(s): client."],
  ["missingMetaFields", messages.missingMetaFields(["client", "title"]), "Missing required meta field(s): client, title."],
  ["magicLinkError", messages.magicLinkError("Network down"), "Error: Network down"],
  ["checkEmailTitle", messages.checkEmailTitle(), "Check your email"],
  ["checkEmailBody", messages.checkEmailBody(), "A sign in link has been sent to your email address"],
  ["unableToTransform", messages.unableToTransform(), "Unable to transform response from server"],
  ["uploadAborted", messages.uploadAborted(), "Upload aborted."],
  [
    "uploadPermissionExpired",
    messages.uploadPermissionExpired(),
    "Your permission to upload expired before the upload finished. Please, try again.",
  ],
  ["uploadNotAllowed", messages.uploadNotAllowed(), "You may no longer upload files here. Sign in again, or ask the studio for access."],
  ["magicLinkRateLimited", messages.magicLinkRateLimited(), "Too many sign-in links requested. Please wait a few minutes and try again."],
];

describe("messages", () => {
  it.each(cases)("%s -> %s", (_key, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("has a case above for every message", () => {
    const tested = new Set(cases.map(([key]) => key));
    expect(Object.keys(messages).filter((key) => !tested.has(key as MessageKey))).toEqual([]);
  });
});
