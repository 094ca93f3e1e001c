import type { FastifyInstance } from 'fastify';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { Static, TSchema } from '@sinclair/typebox';
import { invalidJson } from '../lib/errors.js';

/**
 * Bodies are JSON whatever their Content-Type (API.md §2.1, MUST): the reference client sends most of
 * them unlabelled, which browsers call text/plain. An empty body is "no body".
 */
export function acceptJsonWhateverTheType(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(invalidJson('The body is not valid JSON.'), undefined);
    }
    if (/\\u0000/i.test(text) && hasNul(parsed)) {
      return done(invalidJson(NUL_MESSAGE), undefined);
    }
    done(null, parsed);
  });
}

/** No text column can hold a NUL character (the database refuses it), so no request may carry one. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters.';

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\0') || hasNul(v));
  }
  return false;
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

/**
 * Checks a body against a schema where a route cannot declare it (one path, several actions). Wrong
 * types, missing bodies and non-objects are 400 `invalid_json`.
 */
export function readBody<T extends TSchema>(schema: T, body: unknown): Static<T> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  if (!check.Check(body)) {
    const first = check.Errors(body).First();
    throw invalidJson(first ? `${first.path || 'body'}: ${first.message}` : undefined);
  }
  return body;
}
