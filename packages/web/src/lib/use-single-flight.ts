import { useCallback, useRef, useState } from 'react';

/**
 * Runs one submission at a time. The ref answers at once, in the same event: a mutation's `isPending`
 * only turns true after a render, so a fast double click could otherwise send twice.
 */
export function useSingleFlight(): {
  busy: boolean;
  run: <T>(task: () => Promise<T>) => Promise<T | undefined>;
} {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    try {
      return await task();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
