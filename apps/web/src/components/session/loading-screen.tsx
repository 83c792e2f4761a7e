// Shown while the session is loading: the logo and the product name.
import { LOADING_ALT, PRODUCT_NAME } from "@atelier/domain";

export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4" aria-busy="true">
      <img src="/logo.svg" alt={LOADING_ALT} width={64} height={64} className="animate-pulse" />
      <p className="text-lg font-semibold tracking-tight">{PRODUCT_NAME}</p>
    </div>
  );
}
