import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

interface ConfirmModalProps {
  title: string;
  /** What will be lost, in words the user recognises. */
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive action asks first, naming what it removes; nothing happens until the user confirms. */
export function ConfirmModal({ title, children, confirmLabel, pending = false, onConfirm, onClose }: ConfirmModalProps) {
  const { t } = useTranslation('modal');
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('confirm.cancel')}
          </button>
          <button type="button" className="button button--danger" disabled={pending} onClick={onConfirm}>
            {pending ? t('confirm.working') : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
