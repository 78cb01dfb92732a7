import type { DestinationStream } from 'pino';

/** How the server writes its log: lines for a person, or JSON for a machine. */
export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT when given, else pretty on a terminal and JSON otherwise (a file, a pipe, a collector). */
export function resolveLogFormat(configured: LogFormat | undefined, isTty: boolean): LogFormat {
  return configured ?? (isTty ? 'pretty' : 'json');
}

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** pino's own fields and Fastify's request plumbing: not worth a person's attention. */
const quietKeys = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

/** A bound on requests whose "incoming" line waits for its "completed" line (a stalled client must not grow it). */
const maxOpenRequests = 1000;

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

function clock(time: number | undefined): string {
  return new Date(time ?? Date.now()).toTimeString().slice(0, 8);
}

function extras(record: LogRecord): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (quietKeys.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}

/**
 * A pino destination that turns JSON log lines into lines a person reads: one line per request
 * (`12:00:01 GET /api/x 200 12ms`, from Fastify's "incoming"/"completed" pair), other lines as
 * `time LEVEL message key=value`, an error's stack below it. Lighter than pino-pretty, and
 * synchronous, so the "running at" line is never overtaken.
 */
export function createPrettyDestination(write: (text: string) => void): DestinationStream {
  const openRequests = new Map<string, string>();
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (line.trim() === '') continue;
        let record: LogRecord;
        try {
          record = JSON.parse(line) as LogRecord;
        } catch {
          write(`${line}\n`);
          continue;
        }
        const level = record.level ?? 30;
        const levelName = levelNames[level] ?? String(level);
        if (record.msg === 'incoming request' && record.reqId && record.req) {
          if (openRequests.size >= maxOpenRequests) openRequests.clear();
          openRequests.set(record.reqId, `${record.req.method ?? ''} ${record.req.url ?? ''}`);
          continue;
        }
        if (record.msg === 'request completed' && record.res) {
          const request = (record.reqId && openRequests.get(record.reqId)) || 'request';
          if (record.reqId) openRequests.delete(record.reqId);
          const took = Math.round(record.responseTime ?? 0);
          const prefix = level >= 40 ? `${levelName} ` : '';
          write(`${clock(record.time)} ${prefix}${request} ${record.res.statusCode ?? ''} ${took}ms\n`);
          continue;
        }
        const where =
          record.reqId && openRequests.has(record.reqId) ? ` (${openRequests.get(record.reqId)})` : '';
        const error = record.err?.stack
          ? `\n${record.err.stack}`
          : record.err?.message
            ? `: ${record.err.message}`
            : '';
        write(`${clock(record.time)} ${levelName} ${record.msg ?? ''}${where}${extras(record)}${error}\n`);
      }
    },
  };
}
