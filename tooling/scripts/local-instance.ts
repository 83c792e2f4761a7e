// The web app an embedded run serves from this folder, as the backup and restore commands reach it.

/** The address this folder's running web app answers on, as `npm start` reaches it. */
export function localUrl(config: { HOST: string; PORT: number }): string {
  const host = ["0.0.0.0", "::"].includes(config.HOST) ? "127.0.0.1" : config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/** Whether a web app answers there now. */
export async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );
}
