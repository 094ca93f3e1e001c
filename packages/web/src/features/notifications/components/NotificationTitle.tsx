import { useMemo } from 'react';
import { parseTitle } from '../notification-title';

/**
 * A notification's `format=html` title as React text: the server's `<b>` runs bold, everything else
 * text (never injected as HTML, whatever the title holds).
 */
export function NotificationTitle({ html }: { html: string }) {
  const runs = useMemo(() => parseTitle(html), [html]);
  return (
    <>{runs.map((run, i) => (run.bold ? <b key={i}>{run.text}</b> : <span key={i}>{run.text}</span>))}</>
  );
}
