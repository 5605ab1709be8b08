import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shapes from '../../src/domain/api-responses.ts';
import { FIRST_CATALOG } from '../../src/domain/pricing.ts';
import { responseSchema } from '../../server/src/routes/api/response-schemas.ts';

// The API's answers are serialised (fast-json-stringify) through JSON Schemas generated from the
// domain's zod shapes. Whatever a shape lists must come through, nested fields included, and
// nothing else: a field added to a domain shape is never silently stripped, a column a
// repository adds never leaks.

type AnySchema = z.core.$ZodType;

const defOf = (schema: AnySchema) =>
  (schema as AnySchema & { _zod: { def: Record<string, unknown> } })._zod.def;

/** How many options the widest union in `schema` has (1 when it has none). */
function branches(schema: AnySchema): number {
  const def = defOf(schema);
  switch (def.type) {
    case 'union': {
      const options = def.options as AnySchema[];
      return Math.max(options.length, ...options.map((option) => branches(option)));
    }
    case 'object':
      return Math.max(1, ...Object.values(def.shape as z.ZodRawShape).map((f) => branches(f)));
    case 'optional':
    case 'nullable':
      return branches(def.innerType as AnySchema);
    case 'array':
      return branches(def.element as AnySchema);
    case 'record':
      return branches(def.valueType as AnySchema);
    default:
      return 1;
  }
}

/**
 * A value with every field `schema` knows, optional ones included; of a union, its `branch`th
 * option (counted round each union).
 */
function sample(schema: AnySchema, branch = 0): unknown {
  const def = defOf(schema);
  const inner = (key: string) => sample(def[key] as AnySchema, branch);
  switch (def.type) {
    case 'union': {
      const options = def.options as AnySchema[];
      return sample(options[branch % options.length]!, branch);
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as z.ZodRawShape).map(([key, field]) => [
          key,
          sample(field, branch),
        ]),
      );
    // `default`: a field an older draft may leave out (the catalog's durations, D28).
    case 'optional':
    case 'nullable':
    case 'default':
      return inner('innerType');
    case 'array':
      return [inner('element'), inner('element')];
    case 'record':
      return { first: inner('valueType'), second: inner('valueType') };
    case 'string':
      return 'text "quoted" ٣';
    case 'number':
      return 7;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, string>).at(-1);
    case 'literal':
      return (def.values as unknown[])[0];
    default:
      throw new Error(`No sample for a zod ${String(def.type)}: teach sample() about it`);
  }
}

/**
 * `value` (shaped by `schema`) with a `passwordHash` in every object the shape lists fields of, as
 * a repository row with a column too many. A record's keys are data, so it gets none.
 */
function withLeaks(schema: AnySchema, value: unknown): unknown {
  const def = defOf(schema);
  const inner = (key: string, item: unknown) => withLeaks(def[key] as AnySchema, item);
  switch (def.type) {
    case 'union': {
      const option = (def.options as z.ZodType[]).find((o) => o.safeParse(value).success);
      return withLeaks(option!, value);
    }
    case 'object': {
      const shape = def.shape as z.ZodRawShape;
      const fields = Object.entries(value as object).map(([key, field]) => [
        key,
        withLeaks(shape[key]!, field),
      ]);
      return { ...Object.fromEntries(fields), passwordHash: 'leak' };
    }
    case 'optional':
    case 'nullable':
      return inner('innerType', value);
    case 'array':
      return (value as unknown[]).map((item) => inner('element', item));
    case 'record':
      return Object.fromEntries(
        Object.entries(value as object).map(([key, item]) => [key, inner('valueType', item)]),
      );
    default:
      return value;
  }
}

const app = Fastify();
let nextRoute = 0;

/** What a route whose answer is `schema` sends for `value`, as Fastify serialises it. */
function serialise(schema: z.ZodType) {
  const path = `/shape/${(nextRoute += 1)}`;
  let answer: unknown = null;
  app.get(path, { schema: { response: { 200: responseSchema(schema) } } }, async () => answer);
  return async (value: unknown) => {
    answer = value;
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
}

const domainShapes: [string, z.ZodType][] = Object.entries(shapes).flatMap(([name, value]) =>
  value instanceof z.ZodType ? [[name, value] as [string, z.ZodType]] : [],
);
const routes = new Map(domainShapes.map(([name, schema]) => [name, serialise(schema)]));

const governorateFactor = shapes.priceCatalogShape.extend({
  governorateFactor: z.record(z.string(), z.number()),
});
const extendedCatalog = serialise(governorateFactor);

const nullable = serialise(shapes.orderShape.pick({ timeWindow: true, userId: true }));

beforeAll(async () => {
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('response schemas generated from the domain shapes', () => {
  it('covers every shape of src/domain/api-responses.ts', () => {
    expect(domainShapes.map(([name]) => name)).toEqual(
      expect.arrayContaining(['orderShape', 'priceCatalogShape', 'capacityPlanShape']),
    );
    expect(domainShapes.length).toBeGreaterThanOrEqual(20);
  });

  it.each(domainShapes.map(([name, schema]) => [name, schema] as const))(
    '%s: every field, nested ones included, comes through unchanged, and only those',
    async (name, schema) => {
      // Each option of a union (a payment's redirect and its reference code) in turn.
      for (let branch = 0; branch < branches(schema); branch += 1) {
        const value = sample(schema, branch);
        const body = await routes.get(name)!(withLeaks(schema, value));
        expect(JSON.parse(body)).toEqual(value);
        expect(body).not.toContain('passwordHash');
      }
    },
  );

  it('a field added to a domain shape reaches the client with no other edit', async () => {
    const catalog = { ...FIRST_CATALOG, governorateFactor: { cairo: 1, aswan: 1.25 } };
    expect(JSON.parse(await extendedCatalog(catalog))).toEqual(catalog);
    // The catalog as the server's routes answer it today: the field is only dropped by a schema
    // that does not list it.
    expect(JSON.parse(await routes.get('priceCatalogShape')!(catalog))).toEqual(FIRST_CATALOG);
  });

  it('null stays null, for objects and for strings', async () => {
    expect(JSON.parse(await nullable({ timeWindow: null, userId: null }))).toEqual({
      timeWindow: null,
      userId: null,
    });
    const window = { id: 'morning', start: '08:00', end: '12:00' };
    expect(JSON.parse(await nullable({ timeWindow: window, userId: 'u1' }))).toEqual({
      timeWindow: window,
      userId: 'u1',
    });
  });
});
