import { screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { ConfirmDialog } from '../src/components/ui/ConfirmDialog';
import { renderWithApp } from './render';

/** A thing whose Delete button goes with it once confirmed, as a deleted comment's does. */
function Deletable() {
  const [deleted, setDeleted] = useState(false);
  const [open, setOpen] = useState(false);
  const self = useRef<HTMLDivElement>(null);
  return (
    <div ref={self} tabIndex={-1} data-testid="thing">
      {!deleted && (
        <button type="button" onClick={() => setOpen(true)}>
          Delete
        </button>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Are you sure?"
        confirmLabel="Delete"
        returnFocusTo={self}
        onConfirm={() => {
          setDeleted(true);
          setOpen(false);
        }}
      />
    </div>
  );
}

describe('a confirmation whose opener is gone when it closes', () => {
  test('gives focus to the fallback where the reader is, without scrolling to it', async () => {
    const { user } = renderWithApp(<Deletable />);
    const thing = screen.getByTestId('thing');
    const focus = vi.spyOn(thing, 'focus');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.activeElement).toBe(thing));
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });
});
