import type { QueryClient } from '@tanstack/react-query';

/** Query clients the tests created; emptied after each test so no poll or timer outlives it. */
const clients = new Set<QueryClient>();

export function trackQueryClient(client: QueryClient): QueryClient {
  clients.add(client);
  return client;
}

export function clearQueryClients(): void {
  for (const client of clients) client.clear();
  clients.clear();
}
