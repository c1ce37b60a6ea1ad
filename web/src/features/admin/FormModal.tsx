import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal/Modal';
import type { FormFailure } from './fieldErrors';

interface FormModalProps {
  title: string;
  submitLabel: string;
  pending: boolean;
  /** A refusal no field was named in, shown above the form. */
  failure: FormFailure | null;
  dirty?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A create or edit form in a modal: the submit button sits in the footer, field errors beside their fields. */
export function FormModal({ title, submitLabel, pending, failure, dirty = false, onSubmit, onClose, children }: FormModalProps) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const [open, setOpen] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      open={open}
      title={title}
      dirty={dirty && !pending}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('form.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={pending}>
            {pending ? t('form.saving') : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        {failure && !failure.field ? (
          <p className="form-error" role="alert">
            {failure.message}
          </p>
        ) : null}
        {children}
      </form>
    </Modal>
  );
}
