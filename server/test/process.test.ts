import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale, serverArgs } from '../../scripts/lib/server-build.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** Starts the built server (`server/dist/main.js serve`) as `npm start` does, on a free port and the given data dir. */
async function startServer(dataDir: string): Promise<Running> {
  await buildServerIfStale(repoRoot, { quiet: true });
  const child = spawn(process.execPath, serverArgs('serve'), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CONVENE_DATA_DIR: dataDir,
      ALTCHA_COST: '20',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /Convene is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
  return { child, url, exited };
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

async function solvedCaptcha(url: string): Promise<string> {
  const challenge = (await json(`${url}/api/captcha/challenge`)).body;
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the server process on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'convene-process-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('keeps every account across a stop and a start, and finishes in-flight requests on SIGTERM', async () => {
    const first = await startServer(dataDir);
    const registered = await json(`${first.url}/api/auth/register`, {
      method: 'POST',
      body: JSON.stringify({
        name: 'Kept User',
        email: 'kept@example.com',
        password: 'secret-pass',
        recaptchaCode: await solvedCaptcha(first.url),
      }),
    });
    expect(registered.status).toBe(200);
    const socket = connect(first.url, {
      auth: { loginToken: registered.body.loginToken },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // A login whose body is still arriving when SIGTERM lands must still be answered.
    const body = JSON.stringify({ email: 'kept@example.com', password: 'secret-pass' });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += String(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        first.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 300);
      }, 300);
    });
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text).email).toBe('kept@example.com');
    expect(await socketClosed).toBe('io server disconnect');
    expect(await first.exited).toBe(0);
    socket.close();

    const second = await startServer(dataDir);
    try {
      const login = await json(`${second.url}/api/auth/login`, { method: 'POST', body });
      expect(login.status).toBe(200);
      expect(login.body.name).toBe('Kept User');
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 120_000);
});
