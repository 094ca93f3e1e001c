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
    try {
      done(null, JSON.parse(text));
    } catch {
      done(invalidJson('The body is not valid JSON.'), undefined);
    }
  });
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
