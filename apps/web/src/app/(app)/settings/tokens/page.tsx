"use client";
// API tokens: everyone's own tokens for other apps; an admin sees and revokes everyone's.
import { useSession } from "next-auth/react";
import { PageHeader } from "~/components/common/empty-state";
import { ApiTokens } from "~/components/tokens/api-tokens";

export default function ApiTokensPage() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <>
      <PageHeader title="API tokens" description="Tokens let other apps and scripts use Atelier's API as you." />
      <ApiTokens role={session.user.role} />
    </>
  );
}
