import { useId, useState, type FormEvent } from 'react';
import { messages, type ReportType } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { showAlert } from '../../../components/ui/Toasts';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useInitial } from '../../session';
import { reportErrorText, useReport } from '../api/report';
import styles from './ReportDialog.module.css';

interface Props {
  type: ReportType;
  targetId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The report modal (core §2): the site's reasons, one of which must be chosen. */
export function ReportDialog({ type, targetId, open, onOpenChange }: Props) {
  const reportReasons = useInitial().reportReasons ?? [];
  const report = useReport();
  const flight = useSingleFlight();
  const [reason, setReason] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  const Type = type === 'post' ? 'Post' : 'Comment';

  const close = (next: boolean) => {
    if (!next) {
      setReason(null);
      setProblem(null);
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === null) {
      setProblem('Choose a reason.');
      return;
    }
    // One report per click: a double click must not send it twice.
    void flight.run(async () => {
      try {
        await report.mutateAsync({ type, targetId, reason });
        showAlert(messages.reports.reported(Type), { tone: 'success' });
      } catch (error) {
        showAlert(reportErrorText(error, type), { tone: 'error' });
      }
      close(false);
    });
  };

  return (
    <Modal open={open} onOpenChange={close} title={`Report ${type}`}>
      <form onSubmit={submit} className={styles.form}>
        <fieldset className={styles.reasons}>
          <legend>Why are you reporting this {type}?</legend>
          {reportReasons.map((r) => (
            <label key={r.id} className={styles.reason}>
              <input
                type="radio"
                name={name}
                value={r.id}
                checked={reason === r.id}
                onChange={() => {
                  setReason(r.id);
                  setProblem(null);
                }}
              />
              <span>
                {r.title}
                {r.description && <span className={styles.description}>{r.description}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="danger" disabled={flight.busy} aria-busy={flight.busy || undefined}>
            Report
          </Button>
        </div>
      </form>
    </Modal>
  );
}
