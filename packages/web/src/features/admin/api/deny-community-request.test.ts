import { describe, expect, test } from 'vitest';
import { charLength, limits } from '@commons/shared';
import { denialBody, denialNoteMax } from './deny-community-request';

describe('a denial note', () => {
  test('of the longest length allowed fits the server limit whole, with the sentence before it', () => {
    for (const name of ['abc', 'a_much_longer_name_21']) {
      const note = `${'N'.repeat(denialNoteMax(name) - 3)}END`;
      const body = denialBody(name, note);
      expect(charLength(body)).toBe(limits.communityRequestNoteMax);
      expect(body.endsWith('END')).toBe(true);
    }
  });
});
