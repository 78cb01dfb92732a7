import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWebIfStale, webBuildReason } from '../../scripts/lib/web-build.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const roots: string[] = [];
const past = new Date('2020-01-01T00:00:00Z');

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** Writes files (path → text) under `root`, every file and folder dated in the past. */
function writeOld(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
  }
  const dateTree = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      if (entry.isDirectory()) dateTree(path.join(dir, entry.name));
      fs.utimesSync(path.join(dir, entry.name), past, past);
    }
  };
  dateTree(root);
}

/**
 * A checkout with this repository's scripts and node_modules (for esbuild), an installed-looking
 * dependency set, a built web app, and a stand-in server whose main prints how it was run.
 */
function fakeCheckout(serverSource: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'convene-start-'));
  roots.push(root);
  fs.cpSync(path.join(repoRoot, 'scripts'), path.join(root, 'scripts'), { recursive: true });
  writeOld(root, {
    'package.json': JSON.stringify({ name: 'fake', private: true, type: 'module', workspaces: ['web'] }),
    'web/package.json': JSON.stringify({ name: 'fake-web', private: true }),
    'web/src/main.ts': '',
    'server/src/main.ts': serverSource,
    'server/src/modules/streams/media/sfu.worker.ts': '',
  });
  // Dependencies count as installed when node_modules' install record is newer than the manifests.
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  fs.mkdirSync(path.join(root, 'web', 'dist'));
  fs.writeFileSync(path.join(root, 'web', 'dist', 'index.html'), '');
  return root;
}

/** A stand-in server: prints the process it runs in, its command line and its working directory. */
const reportingServer = (version: string) =>
  `console.log(JSON.stringify({ version: '${version}', pid: process.pid, argv: process.argv.slice(1), cwd: process.cwd() }));\n`;

/** Runs `node scripts/start.mjs` of `root` from another working directory; resolves to its pid and output. */
function runStart(root: string): Promise<{ pid: number; code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: os.tmpdir(),
    env: { ...process.env, npm_lifecycle_event: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ pid: child.pid ?? 0, code, output })));
}

/** The stand-in server's report in start.mjs's output. */
function report(output: string): { version: string; pid: number; argv: string[]; cwd: string } {
  const line = output.split('\n').find((text) => text.startsWith('{"version"'));
  if (!line) throw new Error(`the server did not run:\n${output}`);
  return JSON.parse(line);
}

describe('npm start (scripts/start.mjs)', () => {
  it('runs the built server in its own process, from the repository root, as `main.js serve`', async () => {
    const root = fakeCheckout(reportingServer('one'));
    const first = await runStart(root);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('building the server');
    const ran = report(first.output);
    // No second Node process: its start-up would add to every `npm start`.
    expect(ran.pid).toBe(first.pid);
    expect(ran.argv).toEqual([path.join(root, 'server', 'dist', 'main.js'), 'serve']);
    expect(fs.realpathSync(ran.cwd)).toBe(fs.realpathSync(root));
  }, 60_000);

  it('never runs a stale server: a changed source is built before the server runs', async () => {
    const root = fakeCheckout(reportingServer('one'));
    expect(report((await runStart(root)).output).version).toBe('one');

    const again = await runStart(root);
    expect(again.output).not.toContain('building the server');
    expect(report(again.output).version).toBe('one');

    fs.writeFileSync(path.join(root, 'server', 'src', 'main.ts'), reportingServer('two'));
    const changed = await runStart(root);
    expect(changed.output).toContain('server/src/main.ts changed since the last build');
    expect(report(changed.output).version).toBe('two');
  }, 60_000);
});

describe('the web build freshness check', () => {
  it('counts a source saved while the build ran as a change, and the lockfile as a source', async () => {
    const root = fakeCheckout(reportingServer('one'));
    // A build that takes a source as it is, then sees it saved again before it writes its output.
    fs.writeFileSync(
      path.join(root, 'web', 'package.json'),
      JSON.stringify({
        name: 'fake-web',
        private: true,
        scripts: {
          build:
            "node -e \"const fs = require('fs'); fs.writeFileSync('src/main.ts', 'saved during the build'); fs.writeFileSync('dist/index.html', 'built')\"",
        },
      }),
    );
    fs.utimesSync(path.join(root, 'web', 'package.json'), past, past);
    fs.utimesSync(path.join(root, 'web', 'dist', 'index.html'), past, past);
    fs.writeFileSync(path.join(root, 'web', 'src', 'main.ts'), 'changed');

    const built = await buildWebIfStale(root);
    expect(built).toMatchObject({ ok: true, built: true });
    expect(webBuildReason(root)).toBe('web/src/main.ts changed since the last build');

    const fresh = fakeCheckout(reportingServer('one'));
    expect(webBuildReason(fresh)).toBeNull();
    fs.writeFileSync(path.join(fresh, 'package-lock.json'), '{}');
    // File times are coarse (a few milliseconds): dated a minute on, it is surely the newer.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(fresh, 'package-lock.json'), later, later);
    expect(webBuildReason(fresh)).toBe('package-lock.json changed since the last build');
  }, 60_000);
});
