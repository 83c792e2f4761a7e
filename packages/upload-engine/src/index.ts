// Public surface of @atelier/upload-engine: the upload planner, wire contract and client.

export {
  ASSET_SUBFOLDERS,
  type AssetFolderInput,
  assetFolder,
  assetPath,
  assetSubfolder,
  avatarPath,
  brandFolder,
  intakeFolder,
} from "./asset-folder";
export { type Base64Encoder, Base64Error, base64Length, decodeBase64, encodeBase64, encodeBase64Into } from "./base64";
export { canThumbnail, mediaType, THUMBNAIL_TYPES } from "./can-thumbnail";
export { fileConcurrency, partConcurrency } from "./concurrency";
export {
  ASSET_RESTRICTIONS,
  AVATAR_IMAGE,
  AVATAR_RESTRICTIONS,
  AVATAR_SOURCE,
  BLUR_IMAGE,
  BUCKETS,
  type Bucket,
  CHUNK_SIZE,
  type CompressionTarget,
  FIRST_RETRY_DELAY_MS,
  type ImageSize,
  MAX_PARTS,
  MAX_RETRIES,
  RETRY_FACTOR,
  SINGLE_UPLOAD_MAX,
  THUMBNAIL_IMAGE,
  THUMBNAIL_MAX_BYTES,
  UNFINISHED_GROUP_TTL_MS,
  type UploadRestrictions,
} from "./constants";
export {
  AttemptFailedError,
  InvalidUploadError,
  isUploadError,
  NoServersError,
  PartFailedError,
  type ResumeState,
  UploadAbortedError,
  UploadError,
  type UploadErrorCode,
} from "./errors";
export { fileErrorTitle, partErrorTitle, remainingRetriesDescription, UPLOAD_MESSAGES } from "./messages";
export {
  type MessageEndpoint,
  type PartPreparer,
  type PartToPrepare,
  type PreparedPart,
  servePartRequests,
  type WorkerErrors,
  workerPartPreparer,
} from "./part-worker";
export { isSingleUpload, type PlannedPart, planParts } from "./plan-parts";
export { publicObjectUrl } from "./public-object-url";
export { bytesOf, type RequestBody, requestBodySize } from "./request-body";
export { checkRestrictions, type RestrictionViolation } from "./restrictions";
export { RETRY_DELAYS, retryDelay } from "./retry-delay";
export { sanitizeSegment } from "./sanitize-segment";
export { type DigestProvider, type Sha256, sha256Hex, toHex, webCryptoSha256 } from "./sha256";
export { type FileStatusInput, type StatusInput, type StatusLabel, statusLabel } from "./status-label";
export { addSample, MIN_RATE_SPAN_MS, RATE_WINDOW_MS, type SentSample, secondsLeft } from "./time-left";
export { type BlobLike, fromBlob, fromBytes, type UploadSource } from "./upload-source";
export { createUploader } from "./uploader/create-uploader";
export type {
  FetchInit,
  FetchLike,
  FetchResponse,
  HeadersOption,
  ResumeInput,
  Sleep,
  Uploader,
  UploaderCallbacks,
  UploaderOptions,
  UploadFailure,
  UploadFile,
  UploadOptions,
  UploadOutcome,
  UploadProgress,
  UploadSuccess,
} from "./uploader/types";
export {
  type BalancerAnswer,
  BINARY_CONTENT_TYPE,
  BODY_ENCODINGS,
  type BodyEncoding,
  balancerRequestUrl,
  CORS_REQUEST_HEADERS,
  chunkedUrl,
  contentTypeHeader,
  fileTypeHeader,
  type GroupStatusAnswer,
  groupStatusUrl,
  type HealthAnswer,
  maxBodyBytes,
  type PartAnswer,
  parseBalancerAnswer,
  parseGroupStatusAnswer,
  parseHealthAnswer,
  parsePartAnswer,
  parseSingleUploadAnswer,
  type SingleUploadAnswer,
  setHeader,
  storedFilePath,
  storedFileUrl,
  uploadUrl,
  WIRE_HEADERS,
  WIRE_PATHS,
  WireFormatError,
} from "./wire";
