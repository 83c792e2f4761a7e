import { s3StoreOptions } from "@atelier/storage/settings";
import { describe, expect, it } from "vitest";
import { parseCli } from "./env";

const secret = "a-secret-of-enough-length";

describe("parseCli", () => {
  it("reads a server from flags", () => {
    expect(parseCli(["--role", "server", "--port", "4001", "--store", "/srv/files"], { UPLOAD_SECRET: secret })).toMatchObject({
      role: "server",
      port: 4001,
      host: "127.0.0.1",
      store: "/srv/files",
      UPLOAD_SECRET: secret,
    });
  });

  it("takes binary parts unless told not to", () => {
    const server = (args: string[], env: Record<string, string> = {}) =>
      parseCli(["--role", "server", ...args], { UPLOAD_SECRET: secret, ...env }) as { binaryParts: boolean };
    expect(server([]).binaryParts).toBe(true);
    expect(server(["--binary-parts", "false"]).binaryParts).toBe(false);
    expect(server([], { UPLOAD_BINARY_PARTS: "0" }).binaryParts).toBe(false);
    expect(() => server(["--binary-parts", "maybe"])).toThrow();
  });

  it("takes a certificate and its key together, from flags or the environment, and refuses one without the other", () => {
    const parse = (args: string[], env: Record<string, string> = {}) =>
      parseCli(["--role", "balancer", "--servers", "https://127.0.0.1:4001", ...args], env);
    expect(parse(["--tls-cert", "/etc/tls/cert.pem", "--tls-key", "/etc/tls/key.pem"])).toMatchObject({
      tlsCert: "/etc/tls/cert.pem",
      tlsKey: "/etc/tls/key.pem",
    });
    expect(parse([], { UPLOAD_TLS_CERT: "/a.pem", UPLOAD_TLS_KEY: "/b.pem" })).toMatchObject({ tlsCert: "/a.pem", tlsKey: "/b.pem" });
    expect(parse([])).toMatchObject({ tlsCert: undefined, tlsKey: undefined });
    expect(() => parse(["--tls-cert", "/etc/tls/cert.pem"])).toThrow(/--tls-cert and --tls-key/);
    expect(() => parse([], { UPLOAD_TLS_KEY: "/b.pem" })).toThrow(/go together/);
  });

  it("reads a balancer from the environment, flags winning", () => {
    const config = parseCli(["--port", "4000"], {
      UPLOAD_ROLE: "balancer",
      UPLOAD_PORT: "9999",
      UPLOAD_SERVERS: "http://10.0.0.1:4001, http://10.0.0.2:4001",
    });
    expect(config).toMatchObject({ role: "balancer", port: 4000, servers: ["http://10.0.0.1:4001", "http://10.0.0.2:4001"] });
  });

  it("reads S3 settings for --store s3", () => {
    const config = parseCli(["--role", "server", "--store", "s3"], {
      UPLOAD_SECRET: secret,
      S3_BUCKET: "files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config).toMatchObject({ store: "s3" });
    expect(config.role === "server" && config.s3 && s3StoreOptions(config.s3)).toEqual({
      bucket: "files",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      region: "us-east-1",
    });
  });

  it.each([
    [["--role", "server"], {}],
    [["--role", "server"], { UPLOAD_SECRET: "short" }],
    [["--role", "balancer"], {}],
    [["--role", "balancer", "--servers", "not a url"], {}],
    [["--role", "both"], {}],
    [["--role", "server", "--port", "70000"], { UPLOAD_SECRET: secret }],
    [["--role", "server", "--store", "s3"], { UPLOAD_SECRET: secret }],
  ])("refuses %j with %j", (argv, env) => {
    expect(() => parseCli(argv, env)).toThrow();
  });

  it("refuses unknown flags", () => {
    expect(() => parseCli(["--role", "server", "--verbose"], { UPLOAD_SECRET: secret })).toThrow();
  });
});
