import path from 'node:path';
import { z } from 'zod';

/** Blank and unset mean the same: not configured. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalUrl = z.preprocess(blankToUndefined, z.url().optional());
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

/**
 * Every environment variable the server reads, with its default (README's configuration
 * table lists the same). Secrets not given here are generated into the data dir.
 */
const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  CONVENE_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Convene <no-reply@convene.local>'),
  SUPPORT_EMAIL: z.string().default('support@convene.local'),
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET: optionalText,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  /** Comma-separated push service hosts (`.example.com` for subdomains); empty: any public host. */
  PUSH_ALLOWED_HOSTS: z.string().trim().default(''),
  /** Tests and local development only: let push endpoints reach loopback and private networks. */
  PUSH_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false'),
  /** Requests per IP per 15 minutes on each public auth form (register, reset, auto-login). */
  AUTH_FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Trust X-Forwarded-For: false (default), true, a hop count, or comma-separated proxy addresses. */
  TRUST_PROXY: z.string().trim().default('false'),
  INVITATION_HOURLY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  SESSION_IDLE_DAYS: z.coerce.number().min(0.001).max(3650).default(30),
  SESSION_MAX_DAYS: z.coerce.number().min(0.001).max(3650).default(90),
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** "Open in maps" link of an event's place: an http(s) url template with a {query} placeholder. */
  MAP_LINK_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]*\{query\}/, 'an http(s) url with a {query} placeholder')
    .default('https://www.openstreetmap.org/search?query={query}'),
  CLASSIC_APP_URL: optionalUrl,
  /** Host pages that may embed Convene in an iframe: comma-separated exact origins; empty = off. */
  EMBED_ALLOWED_ORIGINS: z.string().trim().default(''),
  /** Per-host API keys for minting embed sign-in codes: `<origin>=<key>,…` (see docs/EMBED.md). */
  EMBED_HOST_KEYS: z.string().trim().default(''),
  /** How long an embed sign-in code lives, in seconds (at most 60). */
  EMBED_CODE_TTL_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /** Live streams: `embedded` (a werift SFU in this process's worker thread) or `livekit`. */
  STREAMS_PROVIDER: z.preprocess(blankToUndefined, z.enum(['embedded', 'livekit']).default('embedded')),
  /** LiveKit mode: the server's wss:// url, and the API key and secret its tokens are signed with. */
  LIVEKIT_URL: optionalUrl,
  LIVEKIT_API_KEY: optionalText,
  LIVEKIT_API_SECRET: optionalText,
  /** Embedded mode: viewers one stream may have at once. */
  STREAMS_MAX_VIEWERS: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Embedded mode: the UDP port range media uses, `min-max` (empty: any free port). */
  STREAMS_UDP_PORTS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,5}-\d{1,5}$/, 'expected min-max, e.g. 40000-40199')
      .optional(),
  ),
  /** Embedded mode: the public address announced to browsers (behind NAT, the router's). */
  STREAMS_PUBLIC_IP: optionalText,
  /** STUN/TURN servers for both sides, JSON: [{"urls":"turn:turn.example.com:3478","username":"u","credential":"c"}]. */
  STREAMS_ICE_SERVERS: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty (one readable line per request) or json; unset → pretty on a terminal, json otherwise. */
  LOG_FORMAT: z.preprocess(blankToUndefined, z.enum(['pretty', 'json']).optional()),
  APP_ENV: z
    .string()
    .regex(/^[a-z0-9]+$/)
    .default('prod'),
  WEB_DIST: optionalText,
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Server processes `serve` runs (Node cluster, one shared port); above 1 needs PostgreSQL and Redis. */
  WORKERS: z.coerce.number().int().min(1).max(256).default(1),
  /** Diagnostics: log the process's memory use every so many milliseconds (0: never). */
  DEBUG_MEMORY_MS: z.coerce.number().int().min(0).default(0),
  /** Diagnostics: 1 logs the start's phases (wall and CPU milliseconds since the process began). */
  DEBUG_START: z.enum(['0', '1']).default('0'),
});

/** The server's typed configuration. */
const dayMs = 24 * 60 * 60 * 1000;

/** How long a session lives, in milliseconds (platform/sessions.ts). */
export interface SessionLifetime {
  /** Ends when unused this long. */
  idleMs: number;
  /** Ends this long after sign-in, however used. */
  maxMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  mediaStore: 'local' | 's3';
  s3: { endpoint?: string; bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string };
  recaptcha: { siteKey: string; secret: string } | undefined;
  altchaCost: number;
  /** Invitations one user may send per hour (calendar and event shares together). */
  invitationHourlyLimit: number;
  /** Requests per IP per 15 minutes on each public auth form. */
  authFormRateLimit: number;
  /** A session ends after this long unused (idle timeout) or this long after sign-in (absolute). */
  sessionLifetime: SessionLifetime;
  /** Fastify's trustProxy: only behind a reverse proxy may X-Forwarded-For name the client. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Web Push identity; generated once and kept in the database when not given. */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** Where Web Push may connect: only public addresses unless a test allows private networks. */
  push: { allowedHosts: string[]; allowPrivateNetworks: boolean };
  mapTileUrl: string;
  /** Url template of an event place's "open in maps" link; {query} is the place, url-encoded. */
  mapLinkUrl: string;
  classicAppUrl: string | undefined;
  embed: EmbedConfig;
  streams: StreamsConfig;
  logLevel: string;
  /** LOG_FORMAT as given; cli.ts picks pretty or json by the terminal when unset. */
  logFormat: 'pretty' | 'json' | undefined;
  /** Realtime room prefix: rooms are private-<appEnv>-<userId>. */
  appEnv: string;
  /** Built web app to serve; absent → API only. */
  webDist: string;
  shutdownGraceMs: number;
  /** Server processes sharing the port (platform/workers.ts); 1: this process serves alone. */
  workers: number;
  /** Log memory use (heap, the embedded database's WASM memory, RSS) this often; 0: never. */
  debugMemoryMs: number;
  /** Log each start phase's wall and CPU time (DEBUG_START=1). */
  debugStart: boolean;
}

/** Embedding in host pages (modules/embed, docs/EMBED.md). */
export interface EmbedConfig {
  /** Exact origins (scheme://host[:port]) that may frame the app; empty: embedding is off. */
  allowedOrigins: string[];
  /** Each host's API key, bound to its origin: the key mints sign-in codes for that origin only. */
  hostKeys: Array<{ origin: string; key: string }>;
  /** Lifetime of an embed sign-in code (≤ 60 s). */
  codeTtlMs: number;
}

/** The origin a value names, exactly as browsers serialise it, or null when it is not one. */
function exactOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** A host key is long and random enough to resist guessing, and safe in an env list. */
const hostKeyPattern = /^[A-Za-z0-9_-]{32,200}$/;

function embedConfig(e: z.infer<typeof environment>): EmbedConfig {
  const allowedOrigins = e.EMBED_ALLOWED_ORIGINS.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const origin of allowedOrigins) {
    if (!exactOrigin(origin)) {
      throw new Error(
        `Invalid configuration EMBED_ALLOWED_ORIGINS: "${origin}" is not an origin like https://intranet.example.org (scheme, host, optional port; no path or trailing slash)`,
      );
    }
  }
  const hostKeys: EmbedConfig['hostKeys'] = [];
  for (const entry of e.EMBED_HOST_KEYS.split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    // The origin holds "://" and maybe a port, so the key is what follows the last '='.
    const at = entry.lastIndexOf('=');
    const origin = at > 0 ? entry.slice(0, at) : '';
    const key = at > 0 ? entry.slice(at + 1) : '';
    if (!allowedOrigins.includes(origin)) {
      throw new Error(
        'Invalid configuration EMBED_HOST_KEYS: expected <origin>=<key>,… with each origin listed in EMBED_ALLOWED_ORIGINS',
      );
    }
    if (!hostKeyPattern.test(key)) {
      throw new Error(
        'Invalid configuration EMBED_HOST_KEYS: a key must be 32 to 200 characters of A-Z a-z 0-9 _ -',
      );
    }
    if (hostKeys.some((known) => known.key === key)) {
      throw new Error('Invalid configuration EMBED_HOST_KEYS: two hosts share a key');
    }
    hostKeys.push({ origin, key });
  }
  return { allowedOrigins, hostKeys, codeTtlMs: e.EMBED_CODE_TTL_SECONDS * 1000 };
}

/** One STUN or TURN server, as RTCIceServer. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** Live streams (modules/streams): which provider, and the embedded media plane's network. */
export interface StreamsConfig {
  provider: 'embedded' | 'livekit';
  /** LiveKit mode only (all three required there). */
  livekit: { url: string; apiKey: string; apiSecret: string } | undefined;
  maxViewers: number;
  /** Embedded mode: UDP ports media may use; undefined: any free port. */
  udpPorts: { min: number; max: number } | undefined;
  publicIp: string | undefined;
  iceServers: IceServer[];
}

const iceServers = z.array(
  z.object({
    urls: z.union([
      z.string().regex(/^(stuns?|turns?):/),
      z.array(z.string().regex(/^(stuns?|turns?):/)).min(1),
    ]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);

function streamsConfig(e: z.infer<typeof environment>): StreamsConfig {
  let livekit: StreamsConfig['livekit'];
  if (e.STREAMS_PROVIDER === 'livekit') {
    if (!e.LIVEKIT_URL || !e.LIVEKIT_API_KEY || !e.LIVEKIT_API_SECRET) {
      throw new Error(
        'Invalid configuration STREAMS_PROVIDER: livekit needs LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET',
      );
    }
    livekit = {
      url: e.LIVEKIT_URL.replace(/\/$/, ''),
      apiKey: e.LIVEKIT_API_KEY,
      apiSecret: e.LIVEKIT_API_SECRET,
    };
  }
  let udpPorts: StreamsConfig['udpPorts'];
  if (e.STREAMS_UDP_PORTS) {
    const [min, max] = e.STREAMS_UDP_PORTS.split('-').map(Number) as [number, number];
    if (min < 1024 || max > 65535 || min > max) {
      throw new Error('Invalid configuration STREAMS_UDP_PORTS: expected 1024 <= min <= max <= 65535');
    }
    udpPorts = { min, max };
  }
  let servers: IceServer[] = [];
  if (e.STREAMS_ICE_SERVERS) {
    let json: unknown;
    try {
      json = JSON.parse(e.STREAMS_ICE_SERVERS);
    } catch {
      throw new Error('Invalid configuration STREAMS_ICE_SERVERS: not JSON');
    }
    const parsed = iceServers.safeParse(json);
    if (!parsed.success) {
      throw new Error(
        'Invalid configuration STREAMS_ICE_SERVERS: expected [{"urls":"stun:…"|"turn:…","username"?,"credential"?}]',
      );
    }
    servers = parsed.data;
  }
  return {
    provider: e.STREAMS_PROVIDER,
    livekit,
    maxViewers: e.STREAMS_MAX_VIEWERS,
    udpPorts,
    publicIp: e.STREAMS_PUBLIC_IP,
    iceServers: servers,
  };
}

/** TRUST_PROXY → Fastify's trustProxy option. */
function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false' || value === '') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Reads the configuration from an environment; throws a readable error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration ${String(issue?.path[0] ?? '')}: ${issue?.message ?? ''}`);
  }
  const e = parsed.data;
  // PGlite lives inside one process, and realtime messages reach another process's sockets only
  // through Redis (DESIGN.md §1): several processes need both servers.
  if (e.WORKERS > 1 && (!e.DATABASE_URL || !e.REDIS_URL)) {
    throw new Error(
      `Invalid configuration WORKERS: ${e.WORKERS} processes need DATABASE_URL (PostgreSQL; the embedded database belongs to one process) and REDIS_URL (realtime across processes)`,
    );
  }
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.CONVENE_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    mediaStore: e.MEDIA_STORE,
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    },
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET
        ? { siteKey: e.RECAPTCHA_SITE_KEY, secret: e.RECAPTCHA_SECRET }
        : undefined,
    altchaCost: e.ALTCHA_COST,
    invitationHourlyLimit: e.INVITATION_HOURLY_LIMIT,
    authFormRateLimit: e.AUTH_FORM_RATE_LIMIT,
    sessionLifetime: { idleMs: e.SESSION_IDLE_DAYS * dayMs, maxMs: e.SESSION_MAX_DAYS * dayMs },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    },
    push: {
      allowedHosts: e.PUSH_ALLOWED_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      allowPrivateNetworks: e.PUSH_ALLOW_PRIVATE_NETWORKS === 'true',
    },
    mapTileUrl: e.MAP_TILE_URL,
    mapLinkUrl: e.MAP_LINK_URL,
    classicAppUrl: e.CLASSIC_APP_URL?.replace(/\/$/, ''),
    embed: embedConfig(e),
    streams: streamsConfig(e),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    appEnv: e.APP_ENV,
    webDist: path.resolve(cwd, e.WEB_DIST ?? path.join(repoRoot, 'web/dist')),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    workers: e.WORKERS,
    debugMemoryMs: e.DEBUG_MEMORY_MS,
    debugStart: e.DEBUG_START === '1',
  };
}
