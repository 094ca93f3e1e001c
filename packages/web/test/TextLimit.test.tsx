import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { limits, messages } from '@commons/shared';
import NewPostPage from '../src/app/routes/new-post';
import { CommentForm } from '../src/features/comments/components/CommentForm';
import CreateCommunityModal from '../src/features/communities/components/CreateCommunityModal';
import { fakeApi } from './fake-api';
import { makeUser } from './fixtures';
import { makeFullCommunity } from './post-fixtures';
import { descriptionOf, renderWithApp } from './render';

/**
 * Defect 9 of issue 9: a 108,000-character paste was cut to 20,000 without a word. Fields still cut to
 * their limit (core §5), but show the characters left near it and say when text was cut.
 */

/** Visible text, not the screen readers' live region. */
const shown = { selector: ':not([aria-live])' };
const cutNote = (max: number) => screen.queryByText(messages.common.textCut(max), shown);
const liveRegions = () => [...document.querySelectorAll('[aria-live="polite"]')];
const announced = () => liveRegions().map((region) => region.textContent ?? '');

function renderEditor() {
  const gaming = makeFullCommunity('gaming');
  fakeApi({
    'GET /api/communities?sort=size&limit=10': { body: [{ ...gaming, mods: null, rules: null }] },
    'GET /api/communities/gaming?byName=true': { body: gaming },
  });
  return renderWithApp(<NewPostPage />, {
    initial: { user: makeUser({ points: 50 }) },
    path: '/new?community=gaming',
  });
}

describe('the post body', () => {
  test('a 108,000-character paste is cut to 20,000 and says so', () => {
    renderEditor();
    const body = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Body/ });
    expect(cutNote(limits.postBodyMax)).toBeNull();
    fireEvent.input(body, { target: { value: 'x'.repeat(108_000) } });
    expect(body.value).toHaveLength(20_000);
    expect(cutNote(20_000)!.textContent).toBe('Text was cut to 20,000 characters.');
    expect(descriptionOf(body)).toBe('No characters left');
    expect(announced()).toContain('Text was cut to 20,000 characters.');
  });

  test('the characters left show from 90% of the limit on, and are announced once, not per key', () => {
    renderEditor();
    const body = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Body/ });
    fireEvent.input(body, { target: { value: 'x'.repeat(17_999) } });
    expect(screen.queryByText(/characters left/, shown)).toBeNull();
    expect(descriptionOf(body)).toBe('');
    expect(announced().join('')).toBe('');

    fireEvent.input(body, { target: { value: 'x'.repeat(18_000) } });
    expect(screen.getByText('2,000 characters left', shown)).toBeTruthy();
    expect(descriptionOf(body)).toBe('2,000 characters left');
    expect(announced()).toContain('2,000 characters left');

    fireEvent.input(body, { target: { value: 'x'.repeat(18_500) } });
    expect(screen.getByText('1,500 characters left', shown)).toBeTruthy();
    // The live region stays as it was: a screen reader hears the count with the field, not each key.
    expect(announced()).toContain('2,000 characters left');
    expect(cutNote(20_000)).toBeNull();

    fireEvent.input(body, { target: { value: 'x'.repeat(19_999) } });
    expect(screen.getByText('1 character left', shown)).toBeTruthy();
  });

  test('the note goes when the text is well under the limit again', () => {
    renderEditor();
    const body = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Body/ });
    fireEvent.input(body, { target: { value: 'x'.repeat(25_000) } });
    expect(cutNote(20_000)).toBeTruthy();
    fireEvent.input(body, { target: { value: 'x'.repeat(19_990) } });
    expect(cutNote(20_000)).toBeTruthy();
    fireEvent.input(body, { target: { value: 'short now' } });
    expect(cutNote(20_000)).toBeNull();
    expect(screen.queryByText(/characters left/, shown)).toBeNull();
  });
});

test('the post title says when a paste was cut to 255', () => {
  renderEditor();
  const title = screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' });
  fireEvent.input(title, { target: { value: 't'.repeat(300) } });
  expect(title.value).toHaveLength(255);
  expect(cutNote(255)!.textContent).toBe('Text was cut to 255 characters.');
});

test('the comment box stops at 20,000 characters, counts down near it and says when it cut', () => {
  fakeApi({});
  renderWithApp(
    <CommentForm label="Add a comment" submitLabel="Comment" busy={false} onSubmit={async () => {}} />,
    { initial: { user: makeUser() } },
  );
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' });
  fireEvent.input(box, { target: { value: 'c'.repeat(19_000) } });
  expect(screen.getByText('1,000 characters left', shown)).toBeTruthy();
  expect(cutNote(limits.commentBodyMax)).toBeNull();
  fireEvent.input(box, { target: { value: 'c'.repeat(108_000) } });
  expect(box.value).toHaveLength(20_000);
  expect(cutNote(20_000)).toBeTruthy();
  expect(descriptionOf(box)).toBe('No characters left');
});

test('the new community description says when it was cut to 500', () => {
  fakeApi({});
  renderWithApp(<CreateCommunityModal onClose={() => {}} />, { initial: { user: makeUser() } });
  const dialog = screen.getByRole('dialog', { name: 'Create community' });
  const about = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
  fireEvent.input(about, { target: { value: 'd'.repeat(600) } });
  expect(about.value).toHaveLength(500);
  expect(within(dialog).getByText('Text was cut to 500 characters.', shown)).toBeTruthy();
});
