import { describe, expect, test } from 'vitest';
import { deferred, fakeApi, type Reply } from '../../../../test/fake-api';
import { markSeen } from './mark-seen';

const url = (seen: boolean) =>
  `PUT /api/notifications/7?render=true&format=html&action=markAsSeen&seen=${String(seen)}`;

describe('marking a notification seen or unseen', () => {
  test('sends the marks of one notification one at a time, in the order asked', async () => {
    // The page a notification opened marks it seen; before that answer, the reader marks it unseen.
    const slow = deferred<Reply>();
    const server = fakeApi({ [url(true)]: () => slow.promise, [url(false)]: { body: {} } });
    const seen = markSeen(7, true);
    const unseen = markSeen(7, false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.map((r) => r.url)).toEqual([url(true).slice(4)]);
    slow.resolve({ body: {} });
    await Promise.all([seen, unseen]);
    expect(server.requests.map((r) => r.url)).toEqual([url(true).slice(4), url(false).slice(4)]);
  });
});
