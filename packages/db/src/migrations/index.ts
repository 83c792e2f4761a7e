// Every migration, imported statically so that bundled servers carry them; names sort by date.
import type { Migration } from "kysely";
import * as auth from "./2026-11-22-0001-auth";
import * as projects from "./2026-11-22-0002-projects";
import * as comments from "./2026-11-22-0003-comments";
import * as invoices from "./2026-11-22-0004-invoices";
import * as assignments from "./2026-11-22-0005-assignments";
import * as posts from "./2026-11-22-0006-posts";
import * as signInClients from "./2026-11-23-0001-sign-in-clients";
import * as projectFileKeys from "./2026-11-23-0002-project-file-keys";
import * as imageUploads from "./2026-11-23-0003-image-uploads";
import * as outbox from "./2026-11-23-0100-outbox";
import * as mailDigests from "./2026-11-23-0101-mail-digests";
import * as mailAttachments from "./2026-11-23-0200-mail-attachments";
import * as invoiceDocuments from "./2026-11-23-0201-invoice-documents";
import * as projectStage from "./2026-11-25-0001-project-stage";
import * as inbox from "./2026-11-25-0100-inbox";
import * as userDeactivation from "./2026-11-25-0300-user-deactivation";
import * as businessPages from "./2026-11-25-0301-business-pages";
import * as postDrafts from "./2026-11-25-0302-post-drafts";
import * as projectLists from "./2026-11-25-0500-project-lists";
import * as listPages from "./2026-11-25-0501-list-pages";
import * as projectActivity from "./2026-11-25-0502-project-activity";
import * as proofs from "./2026-11-25-0600-proofs";
import * as projectDueDates from "./2026-11-25-0700-project-due-dates";
import * as lengthLimits from "./2026-11-25-1000-length-limits";
import * as moreLengthLimits from "./2026-11-25-1200-more-length-limits";
import * as mailRecipients from "./2026-11-26-0400-mail-recipients";
import * as userTimeZone from "./2026-11-27-1000-user-time-zone";
import * as requestIds from "./2026-11-27-1100-request-ids";
import * as searchIndex from "./2026-11-27-1200-search-index";
import * as mailEvents from "./2026-11-27-1300-mail-events";
import * as guestShares from "./2026-11-28-0900-guest-shares";
import * as webhooks from "./2026-11-28-1000-webhooks";
import * as approvalCertificates from "./2026-11-28-1200-approval-certificates";
import * as apiTokens from "./2026-11-28-1300-api-tokens";
import * as calendarFeeds from "./2026-11-28-1400-calendar-feeds";
import * as proofReviewers from "./2026-11-28-1500-proof-reviewers";
import * as sharedSecrets from "./2026-11-28-1600-shared-secrets";
import * as reviewDeadlines from "./2026-11-28-1700-review-deadlines";
import * as webhookFormats from "./2026-11-28-1800-webhook-formats";
import * as appAccounts from "./2026-11-28-1900-app-accounts";
import * as annotationShapes from "./2026-11-28-2000-annotation-shapes";
import * as mediaProbes from "./2026-11-29-0900-media-probes";
import * as legalDetails from "./2026-11-29-1000-legal-details";
import * as buyerDetails from "./2026-11-29-1100-buyer-details";
import * as eInvoices from "./2026-11-29-1200-e-invoices";
import * as studioTelephone from "./2026-11-29-1300-studio-telephone";
import * as timeEntries from "./2026-11-29-1400-time-entries";
import * as services from "./2026-11-29-1500-services";
import * as intakeForms from "./2026-11-29-1600-intake-forms";
import * as retainers from "./2026-11-29-1700-retainers";
import * as capacity from "./2026-11-29-1800-capacity";
import * as requestBilling from "./2026-11-29-1900-request-billing";
import * as outboxRequest from "./2026-11-30-0100-outbox-request";

export const migrations: Record<string, Migration> = {
  "2026-11-22-0001-auth": auth,
  "2026-11-22-0002-projects": projects,
  "2026-11-22-0003-comments": comments,
  "2026-11-22-0004-invoices": invoices,
  "2026-11-22-0005-assignments": assignments,
  "2026-11-22-0006-posts": posts,
  "2026-11-23-0001-sign-in-clients": signInClients,
  "2026-11-23-0002-project-file-keys": projectFileKeys,
  "2026-11-23-0003-image-uploads": imageUploads,
  "2026-11-23-0100-outbox": outbox,
  "2026-11-23-0101-mail-digests": mailDigests,
  "2026-11-23-0200-mail-attachments": mailAttachments,
  "2026-11-23-0201-invoice-documents": invoiceDocuments,
  "2026-11-25-0001-project-stage": projectStage,
  "2026-11-25-0100-inbox": inbox,
  "2026-11-25-0300-user-deactivation": userDeactivation,
  "2026-11-25-0301-business-pages": businessPages,
  "2026-11-25-0302-post-drafts": postDrafts,
  "2026-11-25-0500-project-lists": projectLists,
  "2026-11-25-0501-list-pages": listPages,
  "2026-11-25-0502-project-activity": projectActivity,
  "2026-11-25-0600-proofs": proofs,
  "2026-11-25-0700-project-due-dates": projectDueDates,
  "2026-11-25-1000-length-limits": lengthLimits,
  "2026-11-25-1200-more-length-limits": moreLengthLimits,
  "2026-11-26-0400-mail-recipients": mailRecipients,
  "2026-11-27-1000-user-time-zone": userTimeZone,
  "2026-11-27-1100-request-ids": requestIds,
  "2026-11-27-1200-search-index": searchIndex,
  "2026-11-27-1300-mail-events": mailEvents,
  "2026-11-28-0900-guest-shares": guestShares,
  "2026-11-28-1000-webhooks": webhooks,
  "2026-11-28-1200-approval-certificates": approvalCertificates,
  "2026-11-28-1300-api-tokens": apiTokens,
  "2026-11-28-1400-calendar-feeds": calendarFeeds,
  "2026-11-28-1500-proof-reviewers": proofReviewers,
  "2026-11-28-1600-shared-secrets": sharedSecrets,
  "2026-11-28-1700-review-deadlines": reviewDeadlines,
  "2026-11-28-1800-webhook-formats": webhookFormats,
  "2026-11-28-1900-app-accounts": appAccounts,
  "2026-11-28-2000-annotation-shapes": annotationShapes,
  "2026-11-29-0900-media-probes": mediaProbes,
  "2026-11-29-1000-legal-details": legalDetails,
  "2026-11-29-1100-buyer-details": buyerDetails,
  "2026-11-29-1200-e-invoices": eInvoices,
  "2026-11-29-1300-studio-telephone": studioTelephone,
  "2026-11-29-1400-time-entries": timeEntries,
  "2026-11-29-1500-services": services,
  "2026-11-29-1600-intake-forms": intakeForms,
  "2026-11-29-1700-retainers": retainers,
  "2026-11-29-1800-capacity": capacity,
  "2026-11-29-1900-request-billing": requestBilling,
  "2026-11-30-0100-outbox-request": outboxRequest,
};
