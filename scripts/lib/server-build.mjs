// Builds the server ahead of time: one esbuild bundle of server/src/main.ts (with the contract)
// into server/dist, so a start loads plain JavaScript instead of transpiling TypeScript through
// tsx. Rebuilt when the server's or the contract's sources, a package.json or the lockfile
// changed since the last build, the way web-build.mjs handles the web app.
//
//   import { buildServerIfStale, serverCommand } from './lib/server-build.mjs';
//   node scripts/lib/server-build.mjs          build if stale (what `npm start` does first)
//   node scripts/lib/server-build.mjs --force  build even if fresh
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { markBuiltAt, staleReason } from './staleness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The built server's entry, relative to the repository root. */
export const SERVER_MAIN = 'server/dist/main.js';

/** Files and folders whose changes make server/dist stale (relative to the repository root). */
export const SERVER_SOURCES = [
  'server/src',
  'server/package.json',
  'contract/src',
  'contract/package.json',
  'package.json',
  'package-lock.json',
  'scripts/lib/server-build.mjs',
];

/**
 * Packages left out of the bundle and loaded from node_modules at run time: native add-ons and
 * WebAssembly (PGlite finds its .wasm and .data files next to its own module; sharp loads
 * libvips), optional native parts that may be missing, and big packages that only some set-ups
 * load, on use (the AWS SDK in S3 mode, Redis with REDIS_URL, mail and push when sending, werift
 * in the live streams' SFU worker).
 * Everything else, the app and most of its libraries, is in the bundle: one file to read
 * instead of a few thousand to resolve.
 */
export const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  'sharp',
  '@aws-sdk/*',
  '@smithy/*',
  'nodemailer',
  'web-push',
  'ioredis',
  '@socket.io/redis-adapter',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  'werift',
];

/** Why server/dist needs a build, or null when it is up to date. */
export function serverBuildReason(root = ROOT) {
  return staleReason(root, SERVER_MAIN, SERVER_SOURCES);
}

/**
 * Builds server/dist when stale. Resolves to { built, message }; throws when the build fails.
 * Each output file is written under a temporary name and renamed into place, main.js last, so
 * a process starting meanwhile (another test run in this checkout) never loads half a build.
 */
export async function buildServerIfStale(root = ROOT, { force = false, quiet = false } = {}) {
  const reason = force ? 'asked to' : serverBuildReason(root);
  if (!reason) return { built: false, message: 'server build is up to date' };
  if (!quiet) console.log(`[build] ${reason}: building the server (esbuild → ${SERVER_MAIN}) ...`);
  const startedAt = new Date();
  const { build } = await import('esbuild');
  const outdir = path.join(root, 'server', 'dist');
  const result = await build({
    absWorkingDir: root,
    // The embedded media plane's SFU runs in a worker thread, from a file of its own
    // (modules/streams/media/sfuClient.ts loads sfu.worker.js next to the bundle).
    entryPoints: {
      main: 'server/src/main.ts',
      'sfu.worker': 'server/src/modules/streams/media/sfu.worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.11',
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    external: EXTERNAL_PACKAGES,
    // CommonJS modules in the bundle may call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __conveneCreateRequire } from 'node:module'; const require = __conveneCreateRequire(import.meta.url);",
    },
    plugins: [sourceDirname(root), lazySwaggerYaml()],
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(outdir, { recursive: true });
  const files = [...result.outputFiles].sort((a, b) => Number(isMain(a.path)) - Number(isMain(b.path)));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  markBuiltAt(root, SERVER_MAIN, startedAt);
  removeStaleOutputs(outdir, new Set(files.map((file) => file.path)));
  return { built: true, message: 'server built' };
}

/** The node arguments that run the built server with a command (`serve`, `migrate`). */
export function serverArgs(command = 'serve') {
  return [SERVER_MAIN, command];
}

/**
 * Chunk names carry a content hash, so each build adds files. Removes those of earlier builds,
 * once they are an hour old: a server started from an earlier build may still load one of its
 * lazy chunks meanwhile.
 */
function removeStaleOutputs(outdir, current) {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of readdirSync(outdir)) {
    const file = path.join(outdir, name);
    if (current.has(file)) continue;
    try {
      if (statSync(file).mtimeMs < hourAgo) rmSync(file, { force: true });
    } catch {
      // Removed by a concurrent build.
    }
  }
}

function isMain(file) {
  return path.basename(file) === 'main.js';
}

/**
 * `import.meta.dirname` in a bundled module would name server/dist; the plugin rewrites it in
 * the server's sources to the folder the source file is in, relative to the bundle, so paths
 * such as the migrations folder (server/src/db/migrations) still resolve.
 */
function sourceDirname(root) {
  const outdir = path.join(root, 'server', 'dist');
  return {
    name: 'source-dirname',
    setup(builder) {
      builder.onLoad({ filter: /[\\/](server|contract)[\\/]src[\\/].*\.ts$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.dirname')) return undefined;
        const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        const contents = source.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${relative}`)})`,
        );
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * @fastify/swagger requires the `yaml` package when it registers, only to answer a YAML copy of
 * the OpenAPI document, which Convene never asks for (it serves /api/openapi.json). Loading yaml
 * cost 100–300 ms of every start (issue 12): the plugin gives swagger a stand-in that loads the
 * real package on first use instead.
 */
function lazySwaggerYaml() {
  const namespace = 'convene-lazy-yaml';
  return {
    name: 'lazy-swagger-yaml',
    setup(builder) {
      builder.onResolve({ filter: /^yaml$/ }, (args) =>
        /[\\/]@fastify[\\/]swagger[\\/]/.test(args.importer) ? { path: 'yaml', namespace } : undefined,
      );
      builder.onLoad({ filter: /.*/, namespace }, () => ({
        contents:
          "let yaml; module.exports = new Proxy({}, { get: (_target, key) => (yaml ??= require('yaml'))[key] });",
        resolveDir: ROOT,
        loader: 'js',
      }));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildServerIfStale(ROOT, { force: process.argv.includes('--force') })
    .then(({ message }) => console.log(`[build] ${message}`))
    .catch((error) => {
      console.error(`[build] building the server failed: ${error.message}`);
      process.exit(1);
    });
}
