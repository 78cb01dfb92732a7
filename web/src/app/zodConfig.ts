// The strict CSP forbids eval. Zod probes for it when a schema is defined, and the probe is
// reported as a CSP violation even though it is caught, so zod must run jitless. Zod reads its
// settings from globalThis.__zod_globalConfig, creating it when it first loads: setting it here,
// without importing zod, keeps zod out of the first page (issue 12) and still configures it
// before any schema exists, since zod loads only with later chunks (forms, profile, events).
// If zod is ever in the first page's chunks, it has created the object already: it is updated.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
