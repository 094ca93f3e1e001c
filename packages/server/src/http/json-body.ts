import type { FastifyInstance } from 'fastify';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { Static, TSchema } from '@sinclair/typebox';
import { dropInvalidUnicode } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { errors } from '../lib/errors.js';

/**
 * Bodies are JSON whatever their Content-Type (API.md §2.1, MUST): the reference client sends most of
 * them unlabelled, which browsers call text/plain. An empty body is "no body". `unparsable` is the
 * error for text that is not JSON: 400 `invalid_json` unless a scope's contract says otherwise (the
 * list-item routes, API.md §14.4).
 */
export function acceptJsonWhateverTheType(
  scope: FastifyInstance,
  unparsable: () => Error = () => errors.invalidJson(apiMessages.bodyNotJson),
): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      // Lone surrogates (`\ud800` written out: raw bytes that are not UTF-8 arrive as U+FFFD) are
      // dropped before any rule counts characters (API.md §1): a title of three of them is empty.
      parsed = LONE_SURROGATE_ESCAPE.test(text) ? JSON.parse(text, wellFormed) : JSON.parse(text);
    } catch {
      return done(unparsable(), undefined);
    }
    if (/\\u0000/i.test(text) && hasNul(parsed)) {
      return done(errors.invalidJson(apiMessages.nulCharacters), undefined);
    }
    done(null, parsed);
  });
}

const LONE_SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

function wellFormed(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? dropInvalidUnicode(value) : value;
}

/** No text column can hold a NUL character (the database refuses it), so no request may carry one. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\0') || hasNul(v));
  }
  return false;
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerOf(schema: TSchema): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

/** Why `value` fails `check`, as 400 `invalid_json` naming the first wrong field. */
function malformed(check: TypeCheck<TSchema>, value: unknown, part: string) {
  const first = check.Errors(value).First();
  if (part === 'body')
    return errors.invalidJson(first ? `${first.path || 'body'}: ${first.message}` : undefined);
  return errors.invalidParameters(`${part}${first?.path ?? ''}: ${first?.message ?? 'malformed'}`);
}

/**
 * Checks a body against a schema where a route cannot declare it (one path, several actions). Wrong
 * types, missing bodies and non-objects are 400 `invalid_json`.
 */
export function readBody<T extends TSchema>(schema: T, body: unknown): Static<T> {
  const check = checkerOf(schema);
  if (!check.Check(body)) throw malformed(check, body, 'body');
  return body;
}

/**
 * The one place where the params, querystring and body a route declares are checked, before its
 * handler runs: a wrong type is 400 `invalid_json`, like a malformed body. A body schema with a
 * `default` stands for a missing (or `null`) body, which Fastify hands over as `null`.
 */
export function checkRouteSchemas(scope: FastifyInstance): void {
  scope.setValidatorCompiler<TSchema>(({ schema, httpPart }) => {
    const check = checkerOf(schema);
    const part = httpPart ?? 'body';
    return (data: unknown) => {
      const value: unknown =
        part === 'body' && data === null && schema.default !== undefined
          ? structuredClone<unknown>(schema.default)
          : data;
      return check.Check(value) ? { value } : { error: malformed(check, value, part) };
    };
  });
}
