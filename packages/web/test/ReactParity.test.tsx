import { useEffect, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, test, vi } from 'vitest';

/**
 * The effect timing that lib/react-parity.ts gives Preact (decisions §35), outside the testing library's
 * act(), which flushes effects itself and would hide it: effects run in a task right after the commit,
 * with no frame in between, and before any input event that comes first.
 */
let root: Root | null = null;
let container: HTMLElement | null = null;

function mount(element: ReactElement): void {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(element);
}

afterEach(() => {
  root?.unmount();
  container?.remove();
  root = null;
  container = null;
});

describe('effects under Preact, scheduled as React schedules them', () => {
  test('they run without waiting for a frame', async () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const ran = vi.fn();
    function Effect() {
      useEffect(ran, []);
      return <p>rendered</p>;
    }
    mount(<Effect />);
    await vi.waitFor(() => expect(ran).toHaveBeenCalledOnce(), { timeout: 1_000, interval: 1 });
    expect(frame).not.toHaveBeenCalled();
  });

  test('a keystroke right after the render finds the listener an effect adds', async () => {
    const escape = vi.fn();
    // What Radix's dialogs do: their Escape listener is added to the document by an effect.
    function Dialog() {
      useEffect(() => {
        const onKeyDown = (event: KeyboardEvent) => {
          if (event.key === 'Escape') escape();
        };
        document.addEventListener('keydown', onKeyDown);
        return () => document.removeEventListener('keydown', onKeyDown);
      }, []);
      return <div role="dialog">open</div>;
    }
    mount(<Dialog />);
    // The render is committed within the current task; the effects' task has not come yet.
    await Promise.resolve();
    expect(container!.querySelector('[role="dialog"]')).not.toBeNull();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(escape).toHaveBeenCalledOnce();
  });
});
