"use client";
// A guest's review page: the link's state, then their name and address (and the link's password), the mailed code,
// and once in, their round. A guest cookie that already holds opens the round at once.
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useEffect } from "react";
import { LoadingScreen } from "~/components/session/loading-screen";
import { useTRPC } from "~/trpc/react";
import { GuestDoor } from "./guest-door";
import { GuestFrame, GuestNotice } from "./guest-frame";

// The round (its viewer, answers and reviewers) is fetched beside the round's data, not with the page: a guest at the
// door does not need it yet (docs/performance.md).
const loadRound = () => import("./guest-round");
const GuestRound = dynamic(() => loadRound().then((m) => m.GuestRound), { ssr: false, loading: () => <LoadingScreen /> });

export function GuestReview({ token }: { token: string }) {
  const trpc = useTRPC();
  // The link's token too: a session of another link's round does not open this one.
  const round = useQuery({ ...trpc.guest.round.queryOptions({ token }), retry: false, refetchOnWindowFocus: false });
  const link = useQuery({ ...trpc.guest.link.queryOptions({ token }), retry: false, enabled: round.isError });
  useEffect(() => {
    void loadRound().catch(() => undefined);
  }, []);

  if (round.data) return <GuestRound round={round.data} />;
  // Once the link is read, the door stays while the round is asked for again (after any call), so what was typed stays.
  if (link.data && !link.data.open)
    return (
      <GuestNotice title="This review link no longer works">
        {link.data.refusal} Ask the studio for a new link if you still need it.
      </GuestNotice>
    );
  if (link.error)
    return (
      <GuestNotice title="This review link does not work">
        {link.error.data?.code === "NOT_FOUND" || link.error.data?.code === "BAD_REQUEST"
          ? "Check that the whole link was copied, or ask the studio for a new one."
          : link.error.message}
      </GuestNotice>
    );
  if (!link.data) return <LoadingScreen />;
  return (
    <GuestFrame>
      <GuestDoor token={token} link={link.data} onIn={() => void round.refetch()} />
    </GuestFrame>
  );
}
