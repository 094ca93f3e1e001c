/**
 * The paragraphs of `text` when it has nothing markdown would turn into markup, else null.
 *
 * Most comments are plain prose, and parsing markdown is most of what a long thread costs to show
 * (a parser is built for every text). Such text is shown as the paragraphs markdown would make of it,
 * without loading or running the parser. The test is deliberately wide: any character or line start
 * that can begin markup (emphasis, links and autolinks, code, lists, headings, quotes, tables, HTML,
 * entities, escapes, hard breaks, indented code) sends the text through markdown as before.
 */
export function plainParagraphs(text: string): string[] | null {
  if (MARKUP_CHARACTERS.test(text) || AUTOLINK.test(text) || MARKUP_LINE.test(text)) return null;
  return text
    .split(/\n[ ]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((paragraph) => paragraph !== '');
}

/** Characters that can start markup anywhere in a line, and tabs and carriage returns (indentation). */
const MARKUP_CHARACTERS = /[\\`*_~[\]<>&#|=+@\t\r]/;
/** GFM autolinks without any of the characters above: www. and scheme:// addresses. */
const AUTOLINK = /www\.|:\/\//i;
/**
 * Line starts of list items, thematic breaks and setext underlines ('-', '1.', '1)'), indented code
 * (four spaces), and hard line breaks (two spaces before a newline).
 */
const MARKUP_LINE = /^ *-|^ *\d{1,9}[.)]|^ {4}| {2}\n/m;
