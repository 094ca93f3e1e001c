import { Link } from 'wouter';
import { siteConfig } from '../../app/site-config';
import styles from './Footer.module.css';

/** Footer links (core §2). Links the site has not configured (blog, chat, code, docs) are left out. */
export function Footer() {
  const { links } = siteConfig;
  const external = [
    links.blog && { href: links.blog, label: 'Blog' },
    links.discord && { href: links.discord, label: 'Discord' },
    links.github && { href: links.github, label: 'Github' },
    links.docs && { href: links.docs, label: 'Documentation' },
  ].filter((l): l is { href: string; label: string } => Boolean(l));
  return (
    <footer className={styles.footer}>
      <nav aria-label="Footer">
        <ul className={styles.links}>
          <li>
            <Link href="/about">About</Link>
          </li>
          {links.contactEmail && (
            <li>
              <a href={`mailto:${links.contactEmail}`}>Contact</a>
            </li>
          )}
          {external.map((l) => (
            <li key={l.label}>
              <a href={l.href} target="_blank" rel="noreferrer noopener">
                {l.label}
              </a>
            </li>
          ))}
          <li>
            <Link href="/guidelines">Site guidelines</Link>
          </li>
          <li>
            <Link href="/moderator-guidelines">Moderator guidelines</Link>
          </li>
          <li>
            <Link href="/terms">Terms</Link>
          </li>
          <li>
            <Link href="/privacy-policy">Privacy</Link>
          </li>
        </ul>
      </nav>
      <p className={styles.note}>Powered by Commons, open-source community software. No ads, no tracking.</p>
    </footer>
  );
}
