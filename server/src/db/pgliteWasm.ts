import { readFile } from 'node:fs/promises';

/** Node's WebAssembly global, which the server's type libraries (no DOM) declare only as types. */
const wasmApi = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly;

/**
 * Reads and compiles PGlite's WebAssembly (pglite.wasm beside its module), which PGlite.create
 * would otherwise do itself once asked to open: started early, the compilation overlaps the
 * loading of the server's code. Imports nothing of PGlite, so it can run first.
 */
export async function compilePgliteWasm(): Promise<WebAssembly.Module> {
  const wasm = new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite'));
  return wasmApi.compile(await readFile(wasm));
}
