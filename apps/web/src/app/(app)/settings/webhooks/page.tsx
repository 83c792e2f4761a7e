"use client";
// Webhooks: an admin's endpoints for other apps and chat channels, with how their deliveries went.
import { PageHeader } from "~/components/common/empty-state";
import { Webhooks } from "~/components/webhooks/webhooks";

export default function WebhooksPage() {
  return (
    <>
      <PageHeader title="Webhooks" description="Tell other apps and your team's chat what happens in Atelier, as it happens." />
      <Webhooks />
    </>
  );
}
