"use client";
// The login page: social providers as form POSTs, or a magic link by e-mail; a random wallpaper behind.
import { authErrorMessage, messages, PRODUCT_NAME, safeCallbackPath } from "@atelier/domain";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, fieldError, Input, useLazyZodForm } from "@atelier/ui";
import { MailCheck } from "lucide-react";
import { type ClientSafeProvider, getCsrfToken, getProviders } from "next-auth/react";
import { useEffect, useState } from "react";
import { WALLPAPER_COUNT, wallpaperIndex } from "~/settings";

const PROVIDER_LABELS: Record<string, string> = { google: "Google", facebook: "Facebook", linkedin: "LinkedIn" };

async function requestMagicLink(email: string, csrfToken: string, callbackUrl: string): Promise<void> {
  const res = await fetch("/api/auth/signin/email", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, csrfToken, callbackUrl, json: "true" }),
  });
  const data = (await res.json().catch(() => ({}))) as { url?: string; error?: { message?: string } };
  if (!res.ok) throw new Error(data.error?.message ?? `The server answered ${res.status}.`);
  const error = data.url ? new URL(data.url, window.location.origin).searchParams.get("error") : null;
  if (error) throw new Error(authErrorMessage(error) ?? error);
}

export function LoginScreen() {
  const [wallpaper, setWallpaper] = useState<number | null>(null);
  const [providers, setProviders] = useState<ClientSafeProvider[]>([]);
  const [csrfToken, setCsrfToken] = useState("");
  const [callbackUrl, setCallbackUrl] = useState("/");
  const [notice, setNotice] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState(false);
  // The page is drawn on the server: until its script runs, the form would send itself the browser's way (a reload)
  // and lose what was typed, so its field and button wait for it.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setWallpaper(wallpaperIndex(Math.random()) + 1);
    const params = new URLSearchParams(window.location.search);
    const here = window.location.pathname === "/login" ? "/" : window.location.href;
    setCallbackUrl(safeCallbackPath(params.get("callbackUrl") ?? here, window.location.origin));
    setNotice(authErrorMessage(params.get("error")));
    if (params.get("check")) setSent(true);
    void getProviders().then((all) => setProviders(Object.values(all ?? {}).filter((p) => p.type === "oauth")));
    void getCsrfToken().then((token) => setCsrfToken(token ?? ""));
    setReady(true);
  }, []);

  // The address is checked here first, with its message under the field; the server's refusal stays an alert
  // (docs/product.md, "Signing in").
  const form = useLazyZodForm(() => import("./login-form").then((m) => m.loginForm), { defaultValues: { email: "" } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setLoading(true);
    try {
      await requestMagicLink(email, csrfToken || (await getCsrfToken()) || "", callbackUrl);
      setSent(true);
    } catch (error) {
      window.alert(messages.magicLinkError(error instanceof Error ? error.message : String(error)));
    } finally {
      setLoading(false);
    }
  });

  return (
    <main
      className="flex min-h-dvh items-center justify-center bg-muted bg-cover bg-center p-4"
      style={wallpaper ? { backgroundImage: `url(/wallpapers/${String(wallpaper).padStart(2, "0")}.svg)` } : undefined}
      data-wallpaper={wallpaper ?? undefined}
      data-wallpapers={WALLPAPER_COUNT}
    >
      <Card className="w-full max-w-sm shadow-2xl">
        {sent ? (
          <CardHeader className="items-center text-center">
            <MailCheck className="mb-2 size-10 text-primary" aria-hidden />
            <CardTitle>{messages.checkEmailTitle()}</CardTitle>
            <CardDescription>{messages.checkEmailBody()}</CardDescription>
          </CardHeader>
        ) : (
          <>
            <CardHeader className="text-center">
              <img src="/logo.svg" alt="" width={40} height={40} className="mx-auto mb-2" />
              <CardTitle>Sign in to {PRODUCT_NAME}</CardTitle>
              <CardDescription>Design requests, files and feedback in one place.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {notice && (
                <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
                  {notice}
                </p>
              )}
              {providers.map((p) => (
                <form key={p.id} method="post" action={`/api/auth/signin/${p.id}`}>
                  <input type="hidden" name="csrfToken" value={csrfToken} />
                  <input type="hidden" name="callbackUrl" value={callbackUrl} />
                  <Button type="submit" variant="outline" className="w-full">
                    Continue with {PROVIDER_LABELS[p.id] ?? p.name}
                  </Button>
                </form>
              ))}
              {providers.length > 0 && <p className="text-center text-xs text-muted-foreground">or</p>}
              <form className="grid gap-2" onSubmit={onSubmit} noValidate>
                <Field label="E-mail" error={fieldError(form, "email")}>
                  {(control) => (
                    <Input
                      {...control}
                      // Typed before the script runs, the address would be cleared as the form takes over.
                      disabled={!ready}
                      type="email"
                      required
                      autoComplete="email"
                      placeholder="you@company.com"
                      {...form.register("email")}
                    />
                  )}
                </Field>
                <Button type="submit" disabled={loading || !ready} aria-busy={loading}>
                  {loading ? "Sending link…" : "Send me a sign-in link"}
                </Button>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}
