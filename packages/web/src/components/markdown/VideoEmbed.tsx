import { useEffect, useRef, useState } from 'react';
import styles from './Markdown.module.css';

/**
 * A privacy-friendly embed (the video site's no-cookie domain) that loads only when it comes within
 * 200 px of the screen (core §9: lazy embed margin).
 */
export function VideoEmbed({ id, href }: { id: string; href: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={styles.embed}>
      {visible ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}`}
          title="Embedded video"
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : (
        <a href={href} target="_blank" rel="noreferrer nofollow noopener" className={styles.embedPlaceholder}>
          Video
        </a>
      )}
    </div>
  );
}
