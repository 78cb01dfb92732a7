import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findUnstorableText, maxNestingDepth } from './http.ts';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};
type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** A body shaped like the schema, with `text` in every free string field. */
function sample(schema: JsonSchema | undefined, text: string): unknown {
  if (!schema) return text;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0], text);
  const type = [schema.type].flat()[0];
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, child]) => [name, sample(child, text)]),
    );
  }
  if (type === 'array') return [sample(schema.items, text)];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  return text;
}

/** Every free string field of a schema, by dotted path (array items as index 0). */
function stringFields(schema: JsonSchema | undefined, at: string[] = []): string[] {
  if (!schema || schema.const !== undefined || schema.enum) return [];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return stringFields(options.find((option) => option.type !== 'null') ?? options[0], at);
  const type = [schema.type].flat()[0];
  if (type === 'object' || schema.properties) {
    return Object.entries(schema.properties ?? {}).flatMap(([name, child]) =>
      stringFields(child, [...at, name]),
    );
  }
  if (type === 'array') return stringFields(schema.items, [...at, '0']);
  return type === 'string' ? [at.join('.')] : [];
}

/** Sets one dotted path of a sample to a value. */
function withValue(body: unknown, path: string, value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) as string] = value;
  return copy;
}

const nul = 'a\u0000b';
const lone = 'a\uD800b';

describe('NUL and lone surrogates in client text (500s found by a probe)', () => {
  let app: TestApp;
  let token: string;
  let operations: Array<{ method: string; url: string; operation: Operation }>;
  beforeAll(async () => {
    app = await createTestApp('pglite', { env: { AUTH_FORM_RATE_LIMIT: '100000' } });
    token = (await app.register()).loginToken;
    const document = app.fastify.swagger() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([url, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method: method.toUpperCase(),
        url,
        operation,
      })),
    );
  });
  afterAll(() => app.stop());

  const send = (method: string, url: string, payload?: unknown) =>
    app.fastify.inject({
      method: method as 'GET',
      url,
      headers: { logintoken: token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('finds the first unstorable text by path', () => {
    expect(findUnstorableText({ a: 'ok', b: [{ c: nul }] })).toBe('b.0.c');
    expect(findUnstorableText({ a: lone })).toBe('a');
    expect(findUnstorableText({ a: 'a\uDC00' })).toBe('a');
    expect(findUnstorableText({ a: 'emoji 😀 ok', b: 'ț' })).toBeNull();
    expect(findUnstorableText(nul)).toBe('body');
  });

  it('answers 400, not a 500 of an exhausted stack, for a deeply nested JSON body', async () => {
    // Within the 64 KB body limit.
    const depth = 10_000;
    const nested = `${'{"a":'.repeat(depth)}"${'\\u0000'}"${'}'.repeat(depth)}`;
    const response = await app.fastify.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { logintoken: token, 'content-type': 'application/json' },
      payload: nested,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(Array(maxNestingDepth).fill('a').join('.'));
    const arrays = await app.fastify.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { logintoken: token, 'content-type': 'application/json' },
      payload: `{"type":"group","users":${'['.repeat(3 * depth)}${']'.repeat(3 * depth)}}`,
    });
    expect(arrays.statusCode).toBe(400);
    expect(findUnstorableText({ a: [[[nul]]] })).toBe('a.0.0.0');
  });

  it('answers 404 for an id with NUL (or invalid UTF-8) in the path, on every route', async () => {
    const failures: string[] = [];
    for (const { method, url } of operations) {
      if (!url.includes('{')) continue;
      for (const bad of ['%00', 'x%00y', '%ED%A0%80']) {
        const response = await send(method, url.replace(/\{[^}]+\}/g, bad));
        if (response.statusCode !== 404 && response.statusCode !== 400) {
          failures.push(`${method} ${url} with ${bad}: ${response.statusCode}`);
        }
        if (response.statusCode === 404 && bad === '%00')
          expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 400 naming the field for NUL or a lone surrogate in any query or body text, on every route', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, url, operation } of operations) {
      const path = url.replace(/\{[^}]+\}/g, 'some-id');
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || stringFields(parameter.schema).length === 0) continue;
        const response = await send(method, `${path}?${parameter.name}=${encodeURIComponent(nul)}`);
        checked += 1;
        const answer = response.json() as { field?: string };
        if (response.statusCode !== 400 || answer.field !== parameter.name) {
          failures.push(`${method} ${url} query ${parameter.name}: ${response.statusCode} ${response.body}`);
        }
      }
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      const base = sample(schema, 'ok');
      for (const field of stringFields(schema)) {
        for (const bad of [nul, lone]) {
          const response = await send(method, path, field === '' ? bad : withValue(base, field, bad));
          checked += 1;
          const answer = response.json() as { field?: string };
          if (response.statusCode !== 400 || answer.field !== (field || 'body')) {
            failures.push(`${method} ${url} body ${field}: ${response.statusCode} ${response.body}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});
