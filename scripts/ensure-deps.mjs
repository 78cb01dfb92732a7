// Installs the project's dependencies when they are missing or out of date.
// Runs before anything is installed, so it uses Node's standard library only.
//
//   import { ensureDeps } from './ensure-deps.mjs';   await ensureDeps();
//   node scripts/ensure-deps.mjs            install if needed
//   node scripts/ensure-deps.mjs --check    only say whether an install is needed
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { run } from './lib/process.mjs';

/** The repository root (the folder holding the root package.json). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/** Installs dependencies when needed (npm ci, or npm install without a lockfile); throws if that fails. */
export async function ensureDeps({ root = ROOT } = {}) {
  const plan = planInstall(root);
  if (!plan) return;
  console.log(`[deps] ${plan.reason}: running npm ${plan.command} ...`);
  let code = await run('npm', [plan.command], { cwd: root });
  if (code !== 0 && plan.command === 'ci') {
    console.log(
      '[deps] npm ci failed; trying npm install (package.json and package-lock.json may disagree) ...',
    );
    code = await run('npm', ['install'], { cwd: root });
  }
  if (code !== 0) throw new Error(`Installing dependencies failed (npm exited with ${code}).`);
  markInstalled(root);
  console.log('[deps] dependencies installed.');
}

/** Says which npm command would bring node_modules up to date, or null when it already is. */
export function planInstall(root = ROOT) {
  const lockPath = path.join(root, 'package-lock.json');
  const hasLock = existsSync(lockPath);
  const command = hasLock ? 'ci' : 'install';
  const installRecord = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(path.join(root, 'node_modules'))) return { command, reason: 'node_modules is missing' };
  if (!existsSync(installRecord)) return { command, reason: 'node_modules has no install record' };

  const installedAt = statSync(installRecord).mtimeMs;
  const manifests = listManifests(root);
  const newer = [...manifests, ...(hasLock ? [lockPath] : [])].filter((file) => mtime(file) > installedAt);
  if (newer.length === 0) return null;

  // A newer file does not always mean new dependencies (a changed script, a fresh checkout):
  // compare contents before paying for a full reinstall.
  const names = newer.map((file) => path.relative(root, file)).join(', ');
  if (!hasLock) return { command, reason: `${names} changed since the last install` };
  const lock = readJson(lockPath);
  if (!manifestsMatchLock(root, manifests, lock)) {
    return { command: 'install', reason: `${names} declares dependencies that package-lock.json lacks` };
  }
  if (!lockMatchesInstalled(lock, readJson(installRecord))) {
    return { command, reason: `${names} changed since the last install` };
  }
  markInstalled(root);
  return null;
}

/** The root package.json and the package.json of every workspace. */
export function listManifests(root = ROOT) {
  const rootManifest = path.join(root, 'package.json');
  const { workspaces = [] } = readJson(rootManifest);
  const patterns = Array.isArray(workspaces) ? workspaces : (workspaces.packages ?? []);
  const folders = patterns.flatMap((pattern) => expandWorkspace(root, pattern));
  const manifests = folders.map((folder) => path.join(root, folder, 'package.json')).filter(existsSync);
  return [rootManifest, ...manifests];
}

function expandWorkspace(root, pattern) {
  if (!pattern.endsWith('/*')) return [pattern];
  const parent = pattern.slice(0, -2);
  const dir = path.join(root, parent);
  if (!existsSync(dir)) return [];
  return readdirNames(dir).map((name) => `${parent}/${name}`);
}

function readdirNames(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** True when every package.json declares exactly the dependencies recorded for it in the lockfile. */
function manifestsMatchLock(root, manifests, lock) {
  return manifests.every((file) => {
    const key = path.relative(root, path.dirname(file)).split(path.sep).join('/');
    const locked = lock.packages?.[key];
    if (!locked) return false;
    const manifest = readJson(file);
    return DEPENDENCY_FIELDS.every((field) => sameEntries(manifest[field], locked[field]));
  });
}

/** True when node_modules holds exactly the packages the lockfile pins (optional ones may be absent). */
function lockMatchesInstalled(lock, installed) {
  const wanted = lock.packages ?? {};
  const present = installed.packages ?? {};
  for (const [key, entry] of Object.entries(wanted)) {
    if (!key.includes('node_modules/')) continue;
    const have = present[key];
    if (!have) {
      if (entry.optional || entry.devOptional) continue;
      return false;
    }
    if (have.version !== entry.version || have.resolved !== entry.resolved) return false;
  }
  return Object.keys(present).every((key) => key in wanted);
}

function sameEntries(a = {}, b = {}) {
  const left = Object.entries(a).sort(([x], [y]) => x.localeCompare(y));
  const right = Object.entries(b).sort(([x], [y]) => x.localeCompare(y));
  return JSON.stringify(left) === JSON.stringify(right);
}

/** Records "installed now" so later runs compare file times against this moment. */
function markInstalled(root) {
  const record = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(record)) {
    const now = new Date();
    utimesSync(record, now, now);
  }
}

function mtime(file) {
  return statSync(file).mtimeMs;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

async function main() {
  if (process.argv.includes('--check')) {
    const plan = planInstall();
    console.log(plan ? `[deps] install needed (${plan.reason}): npm ${plan.command}` : '[deps] up to date');
    return;
  }
  await ensureDeps();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`[deps] ${error.message}`);
    process.exit(1);
  });
}
