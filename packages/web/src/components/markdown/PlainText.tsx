import styles from './Markdown.module.css';

/** Text that `plainParagraphs` found free of markup, in the same elements markdown renders. */
export function PlainText({ paragraphs }: { paragraphs: string[] }) {
  return (
    <div className={styles.markdown} dir="auto">
      {paragraphs.map((paragraph, index) => (
        <p key={index} dir="auto">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
