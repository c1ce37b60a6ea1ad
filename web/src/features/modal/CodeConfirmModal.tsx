import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/failureMessage';
import { TextField } from '../forms/Field';
import { Modal } from './Modal';

interface CodeConfirmModalProps<T> {
  title: string;
  /** What will be lost, shown before anything is asked of the server. */
  consequences: ReactNode;
  confirmLabel: string;
  /** The first call: the server e-mails a one-time code (15 minutes, single use). */
  request: () => Promise<unknown>;
  /** The second call, with the code. */
  complete: (code: string) => Promise<T>;
  /** With the server's answer to the second call. */
  onDone: (result: T) => void;
  onClose: () => void;
}

/**
 * The two-step confirmations of docs/api.md (vessel delete, bridge unlink): confirm what will be
 * lost, the server e-mails a code, the user enters it. Failures show the server's words in place.
 */
export function CodeConfirmModal<T>({ title, consequences, confirmLabel, request, complete, onDone, onClose }: CodeConfirmModalProps<T>) {
  const { t } = useTranslation('modal');
  const [open, setOpen] = useState(true);
  const [code, setCode] = useState('');
  const ask = useMutation({ mutationFn: request });
  const finish = useMutation({
    mutationFn: (value: string) => complete(value),
    onSuccess: (result) => {
      setOpen(false);
      onDone(result);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) finish.mutate(code.trim());
  };

  return (
    <Modal open={open} title={title} onClose={onClose} dirty={ask.isSuccess && code.length > 0 && !finish.isSuccess}>
      {!ask.isSuccess ? (
        <div className="form">
          {consequences}
          {ask.isError ? (
            <p className="form-error" role="alert">
              {failureMessage(ask.error)}
            </p>
          ) : null}
          <div className="button-row">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('code.cancel')}
            </button>
            <button type="button" className="button button--danger" disabled={ask.isPending} onClick={() => ask.mutate()}>
              {ask.isPending ? t('code.sending') : confirmLabel}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={submit}>
          <p role="status">{t('code.sent')}</p>
          <TextField
            label={t('code.label')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            spellCheck={false}
            required
          />
          {finish.isError ? (
            <p className="form-error" role="alert">
              {failureMessage(finish.error)}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button--danger" disabled={!code.trim() || finish.isPending}>
              {finish.isPending ? t('code.confirming') : t('code.confirm')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
