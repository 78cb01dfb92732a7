import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Account } from '@convene/contract';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type BuildOptions, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/connect.ts';
import { withDatabase } from './globalSetup.ts';

/** The databases integration suites run on: PGlite always, PostgreSQL when configured. */
export function testDatabases(): Array<'pglite' | 'postgres'> {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/** Opens a fresh, migrated database of the given kind; `drop` removes it afterwards. */
export async function openTestDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const tarball = await fs.readFile(inject('pgliteTemplate'));
    const database = await openDatabase({ loadDataDir: new Blob([tarball]) });
    return { database, drop: async () => undefined };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!baseUrl || !template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `convene_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(baseUrl, name);
  const database = await openDatabase({ url });
  // No FORCE: pool.end() resolves before its sockets close, and terminating those backends
  // makes their clients emit unhandled errors; adminQuery retries until they are gone.
  return { database, url, drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name}`) };
}

async function adminQuery(url: string, text: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
      return;
    } catch (error) {
      // Two suites copying the template at the same instant: PostgreSQL asks us to retry.
      const busy = String((error as Error).message).includes('is being accessed by other users');
      if (!busy || attempt > 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    } finally {
      await client.end();
    }
  }
}

/** A running test app over a fresh database, with helpers for requests and mail. */
export interface TestApp extends App {
  dataDir: string;
  database: Database;
  /** Every mail the app has written to <data dir>/mail/, after draining the outbox. */
  mails(): Promise<string[]>;
  /**
   * Registers a user through the real API (solving the real bot check); `confirmed` also opens
   * the mailed confirmation link, as invitations by e-mail reach only confirmed addresses.
   */
  register(
    overrides?: Partial<{ name: string; email: string; password: string; confirmed: boolean }>,
  ): Promise<Account & { loginToken: string; password: string }>;
  /** Opens the last confirmation link mailed to the address, as its owner would. */
  confirmEmail(email: string): Promise<void>;
  /** A solved bot-check answer for one request. */
  solveCaptcha(): Promise<string>;
  stop(): Promise<void>;
}

let userCounter = 0;

/** The configuration tests run the app with: a data dir of its own, cheap bot checks, no web build. */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    CONVENE_DATA_DIR: dataDir,
    ALTCHA_COST: '20',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
}

/** Builds the real app over a fresh database of the given kind. */
export async function createTestApp(
  kind: 'pglite' | 'postgres',
  options: { env?: Record<string, string>; build?: Partial<BuildOptions> } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(kind);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'convene-test-'));
  const config = testConfig(dataDir, options.env);
  const app = await buildApp({ config, database, startOutbox: false, ...options.build });
  const mailDir = path.join(dataDir, 'mail');

  const solveCaptcha = async () => {
    const response = await app.fastify.inject({ method: 'GET', url: '/api/captcha/challenge' });
    const challenge = response.json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('could not solve the bot check');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  const testApp: TestApp = {
    ...app,
    dataDir,
    database,
    solveCaptcha,
    async mails() {
      await app.ctx.outbox.drain();
      const files = (await fs.readdir(mailDir).catch(() => [] as string[])).sort();
      return Promise.all(files.map((file) => fs.readFile(path.join(mailDir, file), 'utf8')));
    },
    async register(overrides = {}) {
      userCounter += 1;
      const body = {
        name: overrides.name ?? `Test User ${userCounter}`,
        email: overrides.email ?? `user${userCounter}.${Date.now()}@example.com`,
        password: overrides.password ?? 'secret-pass',
        recaptchaCode: await solveCaptcha(),
      };
      const response = await app.fastify.inject({ method: 'POST', url: '/api/auth/register', payload: body });
      if (response.statusCode !== 200)
        throw new Error(`register failed: ${response.statusCode} ${response.body}`);
      const account = response.json() as Account & { loginToken: string };
      if (overrides.confirmed) {
        await testApp.confirmEmail(account.email);
        account.status = 'active';
      }
      return { ...account, password: body.password };
    },
    async confirmEmail(email) {
      const path = '/api/account/confirmEmail?token=';
      const mail = (await testApp.mails())
        .filter((text) => text.includes(`To: ${email}`) && decodeMail(text).includes(path))
        .at(-1);
      if (!mail) throw new Error(`no confirmation mail to ${email}`);
      const link = new URL(findLink(mail, path));
      const opened = await app.fastify.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      if (opened.headers.location !== '/login?emailConfirmed=1')
        throw new Error(`confirmation failed: ${opened.statusCode} ${opened.headers.location}`);
    },
    async stop() {
      await app.close();
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** Decodes a quoted-printable mail body enough to find links in it. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first link in a raw (quoted-printable) mail that contains the given path. */
export function findLink(raw: string, pathPart: string): string {
  return findLinkInText(decodeMail(raw), pathPart);
}

/**
 * The first link containing the given path in a mail's already decoded text (decoding it again
 * would turn a token's "=4F…" into "O…").
 */
export function findLinkInText(decoded: string, pathPart: string): string {
  const match = new RegExp(
    `https?://[^\\s"<>]*${pathPart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]*`,
  ).exec(decoded);
  if (!match) throw new Error(`no link with ${pathPart} in mail`);
  return match[0].replaceAll('&amp;', '&');
}
