"use client";
// A person's zone and clock are taken from their browser the first time they sign in (while their profile has none),
// so every time shown to them, in pages and in mail, is in their zone from then on; they change it under Edit Profile.
import type { SessionUser } from "@atelier/domain";
import { useMutation } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useEffect, useRef } from "react";
import { browserTimePrefs } from "~/components/common/local-time";
import { useTRPC } from "~/trpc/react";

export function useBrowserTimeZone(user: SessionUser | undefined): void {
  const trpc = useTRPC();
  const { update: refreshSession } = useSession();
  const store = useMutation(trpc.users.update.mutationOptions({ onSuccess: () => refreshSession() }));
  const tried = useRef(false);
  const needed = user !== undefined && !user.timeZone;
  useEffect(() => {
    if (!needed || !user || tried.current) return;
    // Once a visit: a zone the server does not know leaves the person on UTC (named on every time) until they choose one.
    tried.current = true;
    store.mutate({ id: user.id, ...browserTimePrefs() });
  }, [needed, user, store]);
}
