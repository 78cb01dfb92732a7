// Makes sure Debian's Chromium (which the browser tests drive) is installed, via apt-get if not.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { run } from './process.mjs';

/** Where Debian's chromium package puts the browser; the Playwright config points here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Installs chromium with apt-get when missing. Resolves to { ok, message }. */
export async function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return { ok: true, message: `${CHROMIUM_PATH} is present` };
  if (!hasCommand('apt-get')) {
    return {
      ok: false,
      message: `${CHROMIUM_PATH} is missing and apt-get is not available: install Chromium there`,
    };
  }
  const prefix = privilegePrefix();
  if (!prefix) {
    return {
      ok: false,
      message: `${CHROMIUM_PATH} is missing; run as root or install sudo, or: apt-get install chromium`,
    };
  }
  console.log(
    `[chromium] ${CHROMIUM_PATH} is missing: installing Debian's chromium package (about a minute) ...`,
  );
  const apt = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  const steps = [['update'], ['install', '-y', 'chromium']];
  for (const step of steps) {
    const code = await run(apt[0], [...apt.slice(1), ...step]);
    if (code !== 0) return { ok: false, message: `apt-get ${step[0]} failed (exit code ${code})` };
  }
  if (!existsSync(CHROMIUM_PATH))
    return { ok: false, message: `apt-get finished but ${CHROMIUM_PATH} is still missing` };
  return { ok: true, message: 'chromium installed' };
}

/** The command prefix that gives root rights: none as root, sudo otherwise, null when impossible. */
function privilegePrefix() {
  if (process.getuid?.() === 0) return [];
  if (!hasCommand('sudo')) return null;
  // Without a terminal nobody can type a password, so ask sudo not to prompt.
  return process.stdin.isTTY ? ['sudo'] : ['sudo', '-n'];
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}
