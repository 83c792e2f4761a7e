// Public surface of @atelier/upload-engine: the upload planner, wire contract and client.
export {
  ASSET_RESTRICTIONS,
  AVATAR_IMAGE,
  AVATAR_RESTRICTIONS,
  BLUR_IMAGE,
  BUCKETS,
  CHUNK_SIZE,
  FIRST_RETRY_DELAY_MS,
  MAX_RETRIES,
  RETRY_FACTOR,
  SINGLE_UPLOAD_MAX,
  THUMBNAIL_IMAGE,
  THUMBNAIL_MAX_BYTES,
  type Bucket,
  type ImageSize,
  type UploadRestrictions,
} from './constants'
export { UPLOAD_MESSAGES, fileErrorTitle, partErrorTitle, remainingRetriesDescription } from './messages'
export { isSingleUpload, planParts, type PlannedPart } from './plan-parts'
export { fileConcurrency, partConcurrency } from './concurrency'
export { RETRY_DELAYS, retryDelay } from './retry-delay'
export { sanitizeSegment } from './sanitize-segment'
export {
  ASSET_SUBFOLDERS,
  assetFolder,
  assetPath,
  assetSubfolder,
  avatarPath,
  type AssetFolderInput,
} from './asset-folder'
export { publicObjectUrl } from './public-object-url'
export { THUMBNAIL_TYPES, canThumbnail, mediaType } from './can-thumbnail'
export { checkRestrictions, type RestrictionViolation } from './restrictions'
export { statusLabel, type FileStatusInput, type StatusInput, type StatusLabel } from './status-label'
export { Base64Error, base64Length, decodeBase64, encodeBase64, encodeBase64Into, type Base64Encoder } from './base64'
export { sha256Hex, toHex, webCryptoSha256, type DigestProvider, type Sha256 } from './sha256'
export { fromBlob, fromBytes, type BlobLike, type UploadSource } from './upload-source'
export { createLimiter, type Limiter } from './limiter'
export {
  AttemptFailedError,
  InvalidUploadError,
  NoServersError,
  PartFailedError,
  UploadAbortedError,
  UploadError,
  isUploadError,
  type ResumeState,
  type UploadErrorCode,
} from './errors'
export {
  WIRE_HEADERS,
  WIRE_PATHS,
  WireFormatError,
  balancerRequestUrl,
  chunkedUrl,
  contentTypeHeader,
  groupStatusUrl,
  parseBalancerAnswer,
  parseGroupStatusAnswer,
  parsePartAnswer,
  parseSingleUploadAnswer,
  setHeader,
  uploadUrl,
  type BalancerAnswer,
  type GroupStatusAnswer,
  type PartAnswer,
  type SingleUploadAnswer,
} from './wire'
export { createUploader } from './uploader/create-uploader'
export type {
  FetchInit,
  FetchLike,
  FetchResponse,
  HeadersOption,
  ResumeInput,
  Sleep,
  UploadFailure,
  UploadFile,
  UploadOptions,
  UploadOutcome,
  UploadProgress,
  UploadSuccess,
  Uploader,
  UploaderCallbacks,
  UploaderOptions,
} from './uploader/types'
