import { compilePgliteWasm } from './db/pgliteWasm.ts';

// The embedded database's WebAssembly takes longest to get ready at a start: its compilation
// (on V8's background threads) begins before the rest of the server's code (zod, the schema,
// Fastify) loads, rather than after it (issue 12). With DATABASE_URL set, PGlite is not used.
const pgliteWasm = process.env.DATABASE_URL ? undefined : compilePgliteWasm();
// A failure shows where the module is used (openDatabase), not as an unhandled rejection here.
pgliteWasm?.catch(() => undefined);

try {
  const { runCommand } = await import('./cli.ts');
  await runCommand(process.argv[2] ?? 'serve', pgliteWasm);
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
