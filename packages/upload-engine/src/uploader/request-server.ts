// Asks the balancer for an upload server: GET {balancerUrl}/ -> { url }.
import { balancerRequestUrl, parseBalancerAnswer, setHeader, WIRE_HEADERS } from "../wire";
import { NoServerFailure } from "./failures";
import type { Runtime } from "./runtime";

/** The base URL of an upload server; `failedServer` tells the balancer which one just failed us. */
export async function requestServer(runtime: Runtime, failedServer?: string): Promise<string> {
  const headers = await runtime.headers();
  if (failedServer !== undefined) setHeader(headers, WIRE_HEADERS.failedServer, failedServer);
  try {
    return await runtime.request(balancerRequestUrl(runtime.balancerUrl), { method: "GET", headers }, async (response) => {
      if (!response.ok) {
        await response.text().catch(() => "");
        throw new NoServerFailure(response.status);
      }
      return parseBalancerAnswer(await response.json()).url;
    });
  } catch (error) {
    if (runtime.scope.aborted || error instanceof NoServerFailure) throw error;
    // Unreachable, unparsable or url-less: all mean the same to the user.
    throw new NoServerFailure(undefined, { cause: error });
  }
}
