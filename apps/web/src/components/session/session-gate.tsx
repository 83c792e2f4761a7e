"use client";
// Decides what a visit shows: loading, login (or the sign-in redirect), onboarding, or the application; and on a
// person's first visit, stores their browser's time zone.
import { sessionScreen } from "@atelier/domain";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useSession } from "next-auth/react";
import { type ReactNode, useEffect } from "react";
import { LoadingScreen } from "./loading-screen";
import { useBrowserTimeZone } from "./use-browser-time-zone";

// Seen once, by a new person: loaded then (with the avatar picker and its image editor), not with every page.
const Onboarding = dynamic(() => import("./onboarding").then((m) => m.Onboarding), { ssr: false, loading: () => <LoadingScreen /> });
// Seen by nobody signed in: its form (react-hook-form, the field rules) loads only for a visit without a session.
const LoginScreen = dynamic(() => import("./login-screen").then((m) => m.LoginScreen), { loading: () => <LoadingScreen /> });

export function SessionGate({ children }: { children: ReactNode }) {
  const { data, status } = useSession();
  const pathname = usePathname();
  const screen = sessionScreen(status, data?.user);
  const redirectToSignIn = screen === "login" && pathname !== "/";
  useBrowserTimeZone(status === "authenticated" ? data?.user : undefined);

  useEffect(() => {
    if (!redirectToSignIn) return;
    const params = new URLSearchParams({ error: "SessionRequired", callbackUrl: window.location.href });
    window.location.replace(`/api/auth/signin?${params}`);
  }, [redirectToSignIn]);

  if (screen === "loading" || redirectToSignIn) return <LoadingScreen />;
  if (screen === "login") return <LoginScreen />;
  if (screen === "onboarding" && data) return <Onboarding user={data.user} />;
  return <>{children}</>;
}
