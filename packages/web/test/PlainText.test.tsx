import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import Markdown from '../src/components/markdown/Markdown';
import { plainParagraphs } from '../src/components/markdown/plain-text';
import { PlainText } from '../src/components/markdown/PlainText';

/** The markup without the container's attributes and the newlines markdown puts between blocks. */
const inner = (html: string) => html.replace(/^<div[^>]*>|<\/div>$/g, '').replace(/>\n</g, '><');

describe('plain text shown without the markdown parser', () => {
  const plain = [
    'Hello world',
    'Two lines\nof one paragraph',
    'First paragraph.\n\nSecond one, after a blank line.',
    'Lots of space\n\n\n\n   between\n\n',
    '   three spaces before, one after \nthe next line',
    'A well-known fact - and a dash -- or two.',
    'Ratios 3:2, 50% off, $5, and/or (maybe) {braces}!',
    'Quotes "double" and \'single\' stay as they are.',
    'Версия на русском. שלום עולם. مرحبا بالعالم. 日本語のテキスト。 😀',
    'Year 2024. was a year',
    'Line\n \nwith a space-only line between',
  ];
  test.each(plain)('renders %j exactly as markdown does', (text) => {
    const paragraphs = plainParagraphs(text);
    expect(paragraphs).not.toBeNull();
    expect(inner(renderToStaticMarkup(<PlainText paragraphs={paragraphs!} />))).toBe(
      inner(renderToStaticMarkup(<Markdown text={text} />)),
    );
  });

  const markup = [
    '**bold**',
    'an _emphasis_',
    'a [link](https://example.org)',
    'see https://example.org',
    'see www.example.org',
    'mail me@example.org',
    '`code`',
    '- item',
    '  - indented item',
    '1. first',
    '2) second',
    '# heading',
    '> quote',
    'a | b\n--|--\n1 | 2',
    'Title\n=====',
    'Title\n-----',
    '    indented code',
    'hard  \nbreak',
    'an &amp; entity',
    'an \\* escape',
    '<b>html</b>',
    '~~struck~~',
    'tab\tindented',
    '+ plus item',
  ];
  test.each(markup)('leaves %j to markdown', (text) => {
    expect(plainParagraphs(text)).toBeNull();
  });
});
