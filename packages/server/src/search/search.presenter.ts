import type { HighlightRun } from '@commons/shared';
import { MARK_END, MARK_START } from './search.repository.js';

/**
 * ts_headline's text (matched words between the private-use marks) as runs of plain text: the client
 * renders them as text, matches in <mark>, so nothing the user wrote is ever read as markup. Runs next
 * to each other with the same flag are joined; a stray mark (there can be none: the text loses them
 * before highlighting) would only end or start a match.
 */
export function highlightRuns(marked: string): HighlightRun[] {
  const runs: HighlightRun[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (!text) return;
    const last = runs.at(-1);
    if (last && last.match === match) last.text += text;
    else runs.push({ text, match });
    text = '';
  };
  for (const ch of marked) {
    if (ch === MARK_START || ch === MARK_END) {
      flush();
      match = ch === MARK_START;
    } else {
      text += ch;
    }
  }
  flush();
  return runs;
}
