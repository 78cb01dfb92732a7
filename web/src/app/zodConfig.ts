import { z } from 'zod';

// The strict CSP forbids eval. Zod probes for it when a schema is defined, and the probe is
// reported as a CSP violation even though it is caught, so this runs before any schema exists.
z.config({ jitless: true });
