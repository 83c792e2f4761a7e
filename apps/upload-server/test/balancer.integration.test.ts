import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createBalancer } from '../src/balancer';
import { close, listen } from './support/cluster';

// A stand-in upload server whose /health answer the test controls.
async function fakeServer(state: { healthy: boolean; inFlight: number }): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/health' && state.healthy) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', inFlight: state.inFlight }));
    } else {
      res.writeHead(503);
      res.end();
    }
  });
  return { url: await listen(server), server };
}

async function ask(balancerUrl: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${balancerUrl}/`, { headers });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

// Polls until the balancer's active checks have caught up, instead of sleeping a fixed time.
async function until(predicate: () => Promise<boolean>): Promise<void> {
  while (!(await predicate())) await new Promise((resolve) => setTimeout(resolve, 20));
}

const opened: Server[] = [];
afterEach(async () => {
  for (const server of opened.splice(0)) await close(server);
});

describe('balancer', () => {
  it('hands out healthy servers, least loaded first', async () => {
    const busy = await fakeServer({ healthy: true, inFlight: 5 });
    const idle = await fakeServer({ healthy: true, inFlight: 0 });
    const balancer = createBalancer({ servers: [busy.url, idle.url], healthIntervalMs: 50 });
    opened.push(busy.server, idle.server, balancer);
    const url = await listen(balancer);
    await until(async () => (await ask(url)).body.url === idle.url);
    expect((await ask(url)).body).toEqual({ url: idle.url });
  });

  it('drops a server reported by x-failed-server at once and brings it back when checks pass', async () => {
    const a = await fakeServer({ healthy: true, inFlight: 0 });
    const b = await fakeServer({ healthy: true, inFlight: 0 });
    const balancer = createBalancer({ servers: [a.url, b.url], healthIntervalMs: 50 });
    opened.push(a.server, b.server, balancer);
    const url = await listen(balancer);
    expect((await ask(url, { 'x-failed-server': a.url })).body).toEqual({ url: b.url });
    // Passive detection wins until the next check that starts after the report succeeds.
    const seen = new Set<unknown>();
    await until(async () => {
      seen.add((await ask(url)).body.url);
      return seen.has(a.url);
    });
  });

  it('answers 503 with the product message when no server is healthy', async () => {
    const state = { healthy: true, inFlight: 0 };
    const only = await fakeServer(state);
    const balancer = createBalancer({ servers: [only.url], healthIntervalMs: 50 });
    opened.push(only.server, balancer);
    const url = await listen(balancer);
    state.healthy = false;
    await until(async () => (await ask(url)).status === 503);
    expect((await ask(url)).body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'No servers available. Please try again later.',
    });
  });

  it('allows the web origin only', async () => {
    const only = await fakeServer({ healthy: true, inFlight: 0 });
    const balancer = createBalancer({ servers: [only.url], webOrigin: 'http://app.test' });
    opened.push(only.server, balancer);
    const url = await listen(balancer);
    const ok = await fetch(`${url}/`, { method: 'OPTIONS', headers: { origin: 'http://app.test' } });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-failed-server');
    const other = await fetch(`${url}/`, { headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
