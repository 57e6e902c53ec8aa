import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningServer, startServer } from '../e2e/harness';
import { demoAutoRover, framesIn } from './processes';

const admin = { email: 'reseller-admin@example.com', password: 'admin password 9' };
const reseller = { email: 'dealer@example.com', name: 'Dealer', password: 'dealer password 1' };

/**
 * Issue 32's integration, as a reseller's shop runs it (docs/integration-api.md): an API key with accounts:write and
 * access:write creates an NTRIP account with 30 days in one call; a real RTKLIB str2str rover connects with what the
 * answer says and receives RTCM; the key reads the session back; a key without accounts:write gets 403.
 */
describe('an API key provisions an account a real rover uses', () => {
  let server: RunningServer;
  let casterPort: number;
  const workDir = mkdtempSync(join(tmpdir(), 'fixpoint-apikey-'));

  const api = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        origin: server.url,
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, headers: res.headers, json: (await res.json().catch(() => null)) as never };
  };

  beforeAll(async () => {
    casterPort = await freePort();
    server = await startServer({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      CASTER_PORT: String(casterPort),
      CASTER_PUBLIC_HOST: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  let key = '';
  let readOnlyKey = '';
  let networkId = '';

  it('gives the reseller credits and two keys', async () => {
    const signUp = await api('/api/auth/sign-up/email', {
      method: 'POST',
      body: { ...reseller, termsAccepted: true },
    });
    expect(signUp.status).toBe(200);
    const session = signUp.headers.get('set-auth-token') as string;
    const userId = (signUp.json as { user: { id: string } }).user.id;
    const adminIn = await api('/api/auth/sign-in/email', { method: 'POST', body: admin });
    const adminToken = adminIn.headers.get('set-auth-token') as string;
    const granted = await api(`/api/admin/tokens?userId=${userId}&tokenAmount=100`, {
      method: 'PUT',
      token: adminToken,
    });
    expect(granted.status).toBe(200);
    const networks = (await api('/api/networks')).json as { id: string; code: string }[];
    networkId = (networks.find((n) => n.code === 'DEMO') as { id: string }).id;

    const full = await api('/api/api-keys', {
      method: 'POST',
      token: session,
      body: { name: 'Shop', scopes: ['accounts:read', 'accounts:write', 'access:write'] },
    });
    expect(full.status).toBe(201);
    key = (full.json as { key: string }).key;
    const reader = await api('/api/api-keys', {
      method: 'POST',
      token: session,
      body: { name: 'Dashboard', scopes: ['accounts:read'] },
    });
    readOnlyKey = (reader.json as { key: string }).key;
    expect(key).toMatch(/^fpk_/);
  });

  it('creates an account with 30 days that str2str receives RTCM with, and reads its session back', async () => {
    const created = await api('/api/provisioning/accounts', {
      method: 'POST',
      token: key,
      body: { name: 'Combine 3', access: { pay: 'credits', networkId, days: 30 } },
    });
    expect(created.status).toBe(201);
    const body = created.json as {
      account: { id: string };
      username: string;
      password: string;
      connection: { host: string; port: number; mountpoint: string };
    };
    expect(body.connection).toMatchObject({ host: '127.0.0.1', port: casterPort, mountpoint: 'DEMO_AUTO' });

    const out = join(workDir, 'rover.rtcm3');
    const rover = demoAutoRover(body, body.connection.port, out);
    // str2str writes what it receives as it comes: a few seconds on a quiet machine, longer on a busy one.
    await expect.poll(() => framesIn(out).length, { timeout: 30_000, interval: 500 }).toBeGreaterThan(5);
    rover.kill('SIGINT');
    await new Promise((resolve) => rover.once('exit', resolve));
    expect(framesIn(out).length).toBeGreaterThan(5);

    await expect
      .poll(
        async () => {
          const sessions = await api(`/api/accounts/${body.account.id}/sessions`, { token: readOnlyKey });
          return (sessions.json as { bytesSent: number }[])[0]?.bytesSent ?? 0;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
  }, 60_000);

  it('refuses a key without accounts:write with 403', async () => {
    const refused = await api('/api/provisioning/accounts', {
      method: 'POST',
      token: readOnlyKey,
      body: { name: 'Not mine to make' },
    });
    expect(refused.status).toBe(403);
    expect((refused.json as { code: string }).code).toBe('INSUFFICIENT_SCOPE');
  });
});
