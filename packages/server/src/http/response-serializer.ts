import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';

/**
 * Responses are written with JSON.stringify, which keeps the key order the presenters give (the
 * contract's emission order; fast-json-stringify would move optional keys last). With `check` on (the
 * tests), each response is checked against its route's schema first, so a missing, extra or mistyped
 * field fails loudly instead of reaching a client.
 */
export function responseSerializer(check: boolean) {
  return ({ schema }: { schema: unknown }) => {
    const compiled = check ? TypeCompiler.Compile(schema as TSchema) : null;
    return (data: unknown): string => {
      if (compiled && !compiled.Check(data)) {
        const first = compiled.Errors(data).First();
        throw new Error(
          `Response does not match its schema at ${first?.path || '/'}: ${first?.message ?? ''}`,
        );
      }
      return JSON.stringify(data);
    };
  };
}
