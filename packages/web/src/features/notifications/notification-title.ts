import { HTML_ESCAPES } from '@commons/shared';

/** A run of a notification's title: text, bold or not. */
export interface TitleRun {
  text: string;
  bold: boolean;
}

const TOKEN = /<b>|<\/b>|&(?:amp|lt|gt|quot|apos|#39|#x27);/g;

/**
 * Reads the `format=html` title of a notification (API.md §5.12): the server's own `<b>` and `</b>` tags
 * make text bold and the five escapes of its escaping are decoded; anything else, tags included, stays
 * text. React then puts it in the page as text, so no markup from a title can ever run.
 */
export function parseTitle(html: string): TitleRun[] {
  const runs: TitleRun[] = [];
  let depth = 0;
  let text = '';
  const flush = () => {
    if (!text) return;
    const bold = depth > 0;
    const last = runs.at(-1);
    if (last && last.bold === bold) last.text += text;
    else runs.push({ text, bold });
    text = '';
  };
  let at = 0;
  for (const match of html.matchAll(TOKEN)) {
    text += html.slice(at, match.index);
    at = match.index + match[0].length;
    if (match[0] === '<b>') {
      flush();
      depth += 1;
    } else if (match[0] === '</b>') {
      flush();
      depth = Math.max(0, depth - 1);
    } else {
      text += HTML_ESCAPES[match[0]];
    }
  }
  text += html.slice(at);
  flush();
  return runs;
}

/** The title as plain text (an accessible name, a test). */
export function titleText(html: string): string {
  return parseTitle(html)
    .map((run) => run.text)
    .join('');
}
