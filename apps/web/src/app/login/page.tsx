"use client";
// /login: where /api/auth/signin sends people (with error and callbackUrl); a signed-in visitor goes on.
import { safeCallbackPath } from "@atelier/domain";
import { useSession } from "next-auth/react";
import { useEffect } from "react";
import { LoadingScreen } from "~/components/session/loading-screen";
import { LoginScreen } from "~/components/session/login-screen";

export default function LoginPage() {
  const { status } = useSession();
  useEffect(() => {
    if (status !== "authenticated") return;
    const target = new URLSearchParams(window.location.search).get("callbackUrl");
    window.location.replace(safeCallbackPath(target, window.location.origin));
  }, [status]);
  return status === "unauthenticated" ? <LoginScreen /> : <LoadingScreen />;
}
