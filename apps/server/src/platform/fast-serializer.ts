/**
 * Answers written by a serializer compiled from the route's own zod schema (zod → JSON Schema →
 * fast-json-stringify, once per route at start) instead of checking the whole answer against the
 * schema and then running JSON.stringify, on every request. Opt-in per schema (`compiledResponse`)
 * for the hot reads: the answer is built by our own code from typed rows, so the check found nothing
 * there, while it cost as much as the rest of the request on a list of orders.
 *
 * What is sent stays what was sent before: only the schema's keys, in the schema's order, unknown
 * keys left out (as zod's parse left them out); a test holds the two to the same text.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

const compiled = new WeakSet<object>();

/** Marks a response schema to be sent through a compiled serializer (see above). Returns it as it is. */
export function compiledResponse<T extends z.ZodType>(schema: T): T {
  compiled.add(schema);
  return schema;
}

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes `T | null` as `anyOf: [T, {type: null}]`, which fast-json-stringify can only settle by
 * validating each value with ajv; `nullable` says the same and is written straight.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'minimum' || key === 'maximum') continue;
    out[key] = simplify(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((s) => s.type !== 'null');
    if (other && anyOf.some((s) => s.type === 'null') && typeof other.type === 'string') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/** The JSON Schema of what a zod schema sends, shaped for fast-json-stringify. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as JsonSchema;
}

export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
}

/** The route's serializer: compiled for a marked schema, else the given one (zod's check, then JSON). */
export function serializerCompilerWith(fallback: FastifySerializerCompiler<z.ZodType>): FastifySerializerCompiler<z.ZodType> {
  return (route) => (compiled.has(route.schema) ? compileSerializer(route.schema) : fallback(route));
}
