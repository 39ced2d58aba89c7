import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { chooseAdapters, type AdapterDeps } from '../../src/server/adapters';
import { loadConfig } from '../../src/server/config';
import { EasySlipVerifier } from '../../src/server/providers/slips/easyslip';
import { HttpSlipVerifier } from '../../src/server/providers/slips/http-verifier';
import { SlipOkVerifier } from '../../src/server/providers/slips/slipok';
import { AntsSmsGateway } from '../../src/server/providers/sms/ants';
import { HttpSmsGateway } from '../../src/server/providers/sms/http-gateway';
import { ThaiBulkSmsGateway } from '../../src/server/providers/sms/thaibulksms';
import { build } from './helpers/app';
import { freePort } from './helpers/server-process';

/** Every provider live mode needs, configured (README, Live mode). */
const LIVE = {
  NODE_ENV: 'production', APP_MODE: 'live', DATABASE_URL: 'postgres://wallet@db.example/wallet',
  SMS_GATEWAY_URL: 'https://sms.example', SMS_GATEWAY_TOKEN: 't',
  GAME_PROVIDER_URL: 'https://games.example', GAME_PROVIDER_SECRET: 's', TRUEWALLET_LINK_KEY: 'k', TRUEWALLET_MOBILE: '0800000000',
  SLIP_VERIFY_URL: 'https://slips.example', SLIP_VERIFY_TOKEN: 't', PAYMENT_GATEWAY_URL: 'https://pay.example', PAYMENT_GATEWAY_SECRET: 's',
};
const withoutDatabase = () => {
  const { DATABASE_URL: _unused, ...rest } = LIVE;
  return rest;
};

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs `src/server/main.ts` with exactly `env`; settles with its exit code, or 'listening' once its health check answers. */
async function start(env: Record<string, string>): Promise<{ outcome: number | 'listening'; log: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', CLIENT_DIR: '/nonexistent', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c) => (log += c));
  child.stderr.on('data', (c) => (log += c));
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return { outcome: await exited, log };
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) {
      child.kill('SIGKILL');
      await exited;
      return { outcome: 'listening', log };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`neither started nor exited: ${log}`);
}

describe('live mode configuration', () => {
  it('accepts live mode with PostgreSQL and every provider configured', () => {
    expect(loadConfig(LIVE)).toMatchObject({ sandbox: false, payout: 'manual', DATABASE_URL: LIVE.DATABASE_URL });
  });

  it('reaches games through the OMG aggregator when GAME_PROVIDER_PROTOCOL=omg, with its own variables in place of the generic ones', () => {
    const { GAME_PROVIDER_URL: _u, GAME_PROVIDER_SECRET: _s, ...generic } = LIVE;
    const omg = { ...generic, GAME_PROVIDER_PROTOCOL: 'omg', OMG_API_URL: 'https://api.omg.example', OMG_APP_ID: '10013', OMG_SIGN_KEY: 'k', OMG_GAMES: 'PG=2001, ASKMEBET=25001' };
    expect(loadConfig(omg)).toMatchObject({ GAME_PROVIDER_PROTOCOL: 'omg', OMG_CURRENCY_ID: 0, OMG_UNAME_PREFIX: 'w', OMG_GAMES: new Map([['PG', '2001'], ['ASKMEBET', '25001']]) });
    expect(() => loadConfig(generic)).toThrow(/set GAME_PROVIDER_URL and GAME_PROVIDER_SECRET/);
    for (const name of ['OMG_API_URL', 'OMG_APP_ID', 'OMG_SIGN_KEY', 'OMG_GAMES'] as const) {
      expect(() => loadConfig({ ...omg, [name]: '' })).toThrow(/set OMG_API_URL, OMG_APP_ID, OMG_SIGN_KEY and OMG_GAMES/);
    }
    for (const games of ['PG', 'NOPE=1', 'PG=1,PG=2', 'PG=a b']) expect(() => loadConfig({ ...omg, OMG_GAMES: games })).toThrow(/OMG_GAMES: each must be CODE=gameid/);
    expect(() => loadConfig({ ...omg, OMG_API_URL: 'javascript:alert(1)' })).toThrow(/OMG_API_URL/);
    expect(() => loadConfig({ ...omg, GAME_PROVIDER_PROTOCOL: 'amb' })).toThrow(/GAME_PROVIDER_PROTOCOL/);
  });

  it.each([
    ['NODE_ENV=production', { ...withoutDatabase() }],
    ['NODE_ENV=development', { ...withoutDatabase(), NODE_ENV: 'development' }],
    ['NODE_ENV unset', (() => { const { NODE_ENV: _n, ...rest } = withoutDatabase(); return rest; })()],
  ])('refuses live mode on the embedded database (%s), saying to set DATABASE_URL', (_name, env) => {
    expect(() => loadConfig(env)).toThrow(/live mode keeps real money in PostgreSQL: set DATABASE_URL/);
  });

  it('lets the tests alone (NODE_ENV=test) run live mode on the embedded database', async () => {
    const config = loadConfig({ ...withoutDatabase(), NODE_ENV: 'test' });
    expect([config.sandbox, config.DATABASE_URL]).toEqual([false, undefined]);
    const t = await build('pglite', { ...withoutDatabase(), NODE_ENV: 'test', GAME_FORM_ORIGINS: 'https://games.example, https://login.example:8443/' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'pglite', sandbox: false });
      // Pages may post a provider's launch form only to the origins configured for it.
      const page = await t.app.inject({ method: 'GET', url: '/user/home', headers: { accept: 'text/html' } });
      expect(page.headers['content-security-policy']).toContain("form-action 'self' https://games.example https://login.example:8443;");
    } finally {
      await t.close();
    }
  }, 120_000);

  it.each(['PUBLIC_URL', 'GAME_PROVIDER_URL', 'SMS_GATEWAY_URL', 'SLIP_VERIFY_URL', 'PAYMENT_GATEWAY_URL', 'TRUEWALLET_API_URL', 'EASYSLIP_API_URL', 'SLIPOK_API_URL', 'THAIBULKSMS_API_URL', 'ANTS_API_URL'])(
    'refuses %s that is not an http(s) address, naming it',
    (name) => {
      for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,<script>x</script>', 'ftp://files.example/']) {
        expect(() => loadConfig({ ...LIVE, [name]: bad }), `${name}=${bad}`).toThrow(`invalid configuration: ${name}: must be an http:// or https:// address`);
      }
      expect(loadConfig({ ...LIVE, [name]: 'http://10.0.0.5:8080/api' })[name as 'PUBLIC_URL']).toBe('http://10.0.0.5:8080/api');
    },
  );

  describe('chooses the slip verifier and the SMS gateway by SLIP_VERIFY_PROVIDER and SMS_PROVIDER', () => {
    const { SLIP_VERIFY_URL: _u, SLIP_VERIFY_TOKEN: _t, SMS_GATEWAY_URL: _s, SMS_GATEWAY_TOKEN: _k, ...bare } = LIVE;
    const adaptersOf = (env: Record<string, string>) =>
      chooseAdapters({} as FastifyInstance, { config: loadConfig(env), db: {} as AdapterDeps['db'], clock: { now: () => new Date() } as AdapterDeps['clock'] }).adapters;

    it.each([
      ['generic (the default)', {}, HttpSlipVerifier, HttpSmsGateway],
      ['easyslip and thaibulksms', { SLIP_VERIFY_PROVIDER: 'easyslip', EASYSLIP_API_KEY: 'k', SMS_PROVIDER: 'thaibulksms', THAIBULKSMS_API_KEY: 'k', THAIBULKSMS_API_SECRET: 's' }, EasySlipVerifier, ThaiBulkSmsGateway],
      ['slipok', { SLIP_VERIFY_PROVIDER: 'slipok', SLIPOK_BRANCH_ID: '12345', SLIPOK_API_KEY: 'k', SMS_PROVIDER: 'thaibulksms', THAIBULKSMS_API_KEY: 'k', THAIBULKSMS_API_SECRET: 's' }, SlipOkVerifier, ThaiBulkSmsGateway],
      ['ants', { SMS_PROVIDER: 'ants', ANTS_USERNAME: 'u', ANTS_PASSWORD: 'p', ANTS_SENDER: 'WALLET' }, HttpSlipVerifier, AntsSmsGateway],
    ])('%s', (_name, env, verifier, sms) => {
      const base = 'SLIP_VERIFY_PROVIDER' in env ? bare : LIVE;
      const adapters = adaptersOf({ ...base, ...env } as Record<string, string>);
      expect(adapters.slipVerifier).toBeInstanceOf(verifier);
      expect(adapters.sms).toBeInstanceOf(sms);
    });

    it.each([
      [{ SLIP_VERIFY_PROVIDER: 'easyslip' }, 'SLIP_VERIFY_PROVIDER=easyslip verifies slips with EasySlip: set EASYSLIP_API_KEY'],
      [{ SLIP_VERIFY_PROVIDER: 'slipok', SLIPOK_API_KEY: 'k' }, 'SLIP_VERIFY_PROVIDER=slipok verifies slips with SlipOK: set SLIPOK_BRANCH_ID and SLIPOK_API_KEY'],
      [{ SLIP_VERIFY_PROVIDER: 'generic' }, 'set SLIP_VERIFY_URL and SLIP_VERIFY_TOKEN'],
      [{ SMS_PROVIDER: 'thaibulksms', THAIBULKSMS_API_KEY: 'k' }, 'SMS_PROVIDER=thaibulksms sends through the ThaiBulkSMS account: set THAIBULKSMS_API_KEY and THAIBULKSMS_API_SECRET'],
      [{ SMS_PROVIDER: 'ants', ANTS_USERNAME: 'u', ANTS_PASSWORD: 'p' }, 'SMS_PROVIDER=ants sends through the ANTS account: set ANTS_USERNAME, ANTS_PASSWORD and ANTS_SENDER'],
      [{ ANTS_SENDER: 'MY WALLET' }, 'invalid configuration: ANTS_SENDER'],
      [{ ANTS_SENDER: 'WALLETWALLET' }, 'invalid configuration: ANTS_SENDER'],
      [{ SLIP_VERIFY_PROVIDER: 'slipcheck' }, 'invalid configuration: SLIP_VERIFY_PROVIDER'],
      [{ SMS_PROVIDER: 'twilio' }, 'invalid configuration: SMS_PROVIDER'],
      [{ THAIBULKSMS_FORCE: 'premium' }, 'invalid configuration: THAIBULKSMS_FORCE'],
      [{ THAIBULKSMS_SENDER: 'A SENDER TOO LONG' }, 'invalid configuration: THAIBULKSMS_SENDER'],
      [{ SLIPOK_BRANCH_ID: '12/../34' }, 'invalid configuration: SLIPOK_BRANCH_ID'],
    ])('refuses %o, saying what to set', (env, message) => {
      const base = 'SMS_PROVIDER' in env ? { ...LIVE, SMS_GATEWAY_URL: '', SMS_GATEWAY_TOKEN: '' } : { ...LIVE, SLIP_VERIFY_URL: '', SLIP_VERIFY_TOKEN: '' };
      expect(() => loadConfig({ ...base, ...env })).toThrow(message);
    });

    it('lets the sandbox run without any of them', () => {
      expect(loadConfig({ SLIP_VERIFY_PROVIDER: 'slipok', SMS_PROVIDER: 'thaibulksms' })).toMatchObject({ sandbox: true });
      expect(loadConfig({ SMS_PROVIDER: 'ants' })).toMatchObject({ sandbox: true });
    });
  });

  it('takes GAME_FORM_ORIGINS as https origins only', () => {
    expect(loadConfig(LIVE).GAME_FORM_ORIGINS).toEqual([]);
    expect(loadConfig({ ...LIVE, GAME_FORM_ORIGINS: ' https://games.example/ ,https://login.example:8443' }).GAME_FORM_ORIGINS)
      .toEqual(['https://games.example', 'https://login.example:8443']);
    for (const bad of ['http://games.example', 'https://games.example/login', 'https://games.example?x=1', "'self'", 'javascript:alert(1)', 'games.example']) {
      expect(() => loadConfig({ ...LIVE, GAME_FORM_ORIGINS: bad }), bad).toThrow('GAME_FORM_ORIGINS: each must be an https origin');
    }
  });

  it('stops `npm start` in production live mode without DATABASE_URL, with the reason, before opening any database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-no-db-'));
    try {
      const { outcome, log } = await start({ ...withoutDatabase(), DATA_DIR: dataDir });
      expect(outcome).toBe(1);
      expect(log).toContain('live mode keeps real money in PostgreSQL: set DATABASE_URL');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it('stops `npm start` with a javascript: provider address, naming the variable', async () => {
    const { outcome, log } = await start({ ...LIVE, GAME_PROVIDER_URL: 'javascript:alert(1)' });
    expect(outcome).toBe(1);
    expect(log).toContain('GAME_PROVIDER_URL: must be an http:// or https:// address');
  }, 150_000);
});
