// Packages the benches borrow from the server's workspace (its dependencies and dev
// dependencies live in server/node_modules, not at the root).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The file URL of a package as the server resolves it (for a worker thread to import). */
export function serverPackageUrl(name) {
  const fromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
  return pathToFileURL(fromServer.resolve(name)).href;
}

/** Imports a package as the server resolves it (socket.io-client, altcha-lib, …). */
export function loadFromServer(name) {
  return import(serverPackageUrl(name));
}
