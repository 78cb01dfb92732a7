import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type JsonSchema = {
  type?: string | string[];
  maxLength?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};
type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every string in a schema that has no upper bound on its length, by path. */
function unboundedStrings(schema: JsonSchema | undefined, at: string, found: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  const types = [schema.type].flat();
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    !schema.enum &&
    schema.const === undefined
  ) {
    found.push(at);
  }
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    unboundedStrings(child, `${at}.${name}`, found);
  for (const child of [schema.items ?? []].flat()) unboundedStrings(child, `${at}[]`, found);
  for (const child of schema.prefixItems ?? []) unboundedStrings(child, `${at}[]`, found);
  if (typeof schema.additionalProperties === 'object')
    unboundedStrings(schema.additionalProperties, `${at}{}`, found);
  for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    unboundedStrings(child, at, found);
  }
}

describe('every text a client sends has a length limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite');
  });
  afterAll(() => app.stop());

  it('no route accepts a string body, query or path field without a maximum length', () => {
    const document = app.fastify.swagger() as { paths: Record<string, Record<string, Operation>> };
    const found: string[] = [];
    let walked = 0;
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        walked += 1;
        const where = `${method.toUpperCase()} ${url}`;
        for (const parameter of operation.parameters ?? []) {
          unboundedStrings(parameter.schema, `${where} ${parameter.in}.${parameter.name}`, found);
        }
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
          unboundedStrings(content.schema, `${where} body(${type})`, found);
        }
      }
    }
    expect(walked).toBeGreaterThan(40);
    expect(found).toEqual([]);
  });
});
