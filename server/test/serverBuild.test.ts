import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MAIN, serverArgs, serverBuildReason } from '../../scripts/lib/server-build.mjs';

const roots: string[] = [];

/** A checkout with a built server/dist/main.js and a source older than it. */
function fakeCheckout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'convene-server-build-'));
  roots.push(root);
  const past = new Date(Date.now() - 60_000);
  for (const file of ['server/src/main.ts', 'contract/src/index.ts', 'package-lock.json']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), '');
    fs.utimesSync(path.join(root, file), past, past);
  }
  for (const folder of ['server/src', 'contract/src', 'server', 'contract']) {
    fs.utimesSync(path.join(root, folder), past, past);
  }
  fs.mkdirSync(path.join(root, 'server', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, SERVER_MAIN), '');
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('the server build freshness check', () => {
  it('rebuilds when the bundle is missing or older than a server or contract source or the lockfile', () => {
    const root = fakeCheckout();
    expect(serverBuildReason(root)).toBeNull();

    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'contract/src/index.ts'), future, future);
    expect(serverBuildReason(root)).toBe('contract/src/index.ts changed since the last build');

    const other = fakeCheckout();
    fs.utimesSync(path.join(other, 'package-lock.json'), future, future);
    expect(serverBuildReason(other)).toBe('package-lock.json changed since the last build');

    fs.rmSync(path.join(other, SERVER_MAIN));
    expect(serverBuildReason(other)).toBe(`${SERVER_MAIN} is missing`);
  });

  it('runs the bundle, not the TypeScript sources', () => {
    expect(serverArgs('migrate')).toEqual(['server/dist/main.js', 'migrate']);
  });
});
