// A real SMTP server on loopback that keeps what it receives, for tests of mail sending.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** While on, every mail is answered 451 (try again later) with these words, as a server in trouble answers. */
  refuse(on: boolean, words?: string): void;
  /**
   * Holds the next mail's end of data unanswered, as a slow server does, until `release()`: the sender waits for the
   * answer that says the mail was taken. `arrived` resolves once the held mail's data is all in.
   */
  hold(): { arrived: Promise<void>; release(): void };
  /** Resolves with the next mail for the address (or one already received) that `matching` accepts (any, by default). */
  waitFor(to: string, timeoutMs?: number, matching?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters: { to: string; matching: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  let refusing = false;
  let refusal = "Mailbox busy, try again later";
  let held: { arrive: () => void; released: Promise<void> } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      callback(Object.assign(new Error(refusal), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const holding = held;
        held = undefined;
        if (holding) {
          holding.arrive();
          await holding.released;
        }
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        mails.push(mail);
        for (const w of waiters.splice(0)) {
          if (mail.to.includes(w.to) && w.matching(mail)) w.resolve(mail);
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse: (on, words = "Mailbox busy, try again later") => {
      refusing = on;
      refusal = words;
    },
    hold() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { arrive, released };
      return { arrived, release };
    },
    waitFor(to, timeoutMs = 10_000, matching = () => true) {
      const found = mails.find((m) => m.to.includes(to) && matching(m));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail for ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to,
          matching,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) URL in a mail's text part, with quoted-printable soft breaks undone. */
export function extractLink(raw: string): string | undefined {
  const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return unfolded.match(/https?:\/\/[^\s"<>]+/)?.[0];
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header, decoded; adjacent words join. */
function decodeWords(text: string): string {
  return text
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_match, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

/** A received mail's Subject, unfolded and decoded. */
export function mailSubject(raw: string): string {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => /^subject:/i.test(l)) ?? "";
  return decodeWords(line.replace(/^subject:\s*/i, ""));
}

/** The decoded body of a received mail's part of this type (text/plain or text/html), lines ending in \n; "" when none. */
export function mailPart(raw: string, type: "text/plain" | "text/html"): string {
  return partBody(raw, type).replace(/\r\n/g, "\n");
}

function partBody(raw: string, type: string): string {
  const at = raw.search(new RegExp(`^Content-Type: ${type.replace("/", "\\/")}`, "im"));
  if (at < 0) return "";
  const rest = raw.slice(at);
  const split = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, split);
  const body =
    rest
      .slice(split)
      .replace(/^\r?\n\r?\n/, "")
      .split(/\r?\n--/)[0] ?? "";
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}
