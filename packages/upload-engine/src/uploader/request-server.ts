// Asks the balancer for an upload server: GET {balancerUrl}/ -> { url }.
import { BODY_ENCODINGS, type BodyEncoding, balancerRequestUrl, parseBalancerAnswer, setHeader, WIRE_HEADERS } from "../wire";
import { NoServerFailure } from "./failures";
import type { Runtime } from "./runtime";

export interface ChosenServer {
  readonly url: string;
  /** How this attempt's body travels: binary when the server offers it and the caller allows it. */
  readonly encoding: BodyEncoding;
}

/** An upload server to try; `failedServer` tells the balancer which one just failed us. */
export async function requestServer(runtime: Runtime, failedServer?: string): Promise<ChosenServer> {
  const headers = await runtime.headers();
  if (failedServer !== undefined) setHeader(headers, WIRE_HEADERS.failedServer, failedServer);
  try {
    return await runtime.request(balancerRequestUrl(runtime.balancerUrl), { method: "GET", headers }, async (response) => {
      if (!response.ok) {
        await response.text().catch(() => "");
        throw new NoServerFailure(response.status);
      }
      const answer = parseBalancerAnswer(await response.json());
      const binary = runtime.binaryParts && answer.encodings.includes(BODY_ENCODINGS.binary);
      return { url: answer.url, encoding: binary ? BODY_ENCODINGS.binary : BODY_ENCODINGS.base64 };
    });
  } catch (error) {
    if (runtime.scope.aborted || error instanceof NoServerFailure) throw error;
    // Unreachable, unparsable or url-less: all mean the same to the user.
    throw new NoServerFailure(undefined, { cause: error });
  }
}
