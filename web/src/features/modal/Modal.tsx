import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { modalMachine } from './modalMachine';
import { RenderErrorBoundary } from '../errors/RenderErrorBoundary';
import { Icon } from '../icons/Icon';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Called once the close animation has finished. */
  onClose: () => void;
  /** Shows a back button (multi-step modals). */
  onBack?: () => void;
  /** Unsaved changes: closing asks Go Back / Close first. */
  dirty?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ open, title, onClose, onBack, dirty = false, children, footer }: ModalProps) {
  const { t } = useTranslation('modal');
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const actor = useActorRef(modalMachine.provide({ actions: { notifyClosed: () => onCloseRef.current() } }));
  const visible = useSelector(actor, (state) => state.hasTag('visible'));
  const closing = useSelector(actor, (state) => state.hasTag('closing'));
  const confirming = useSelector(actor, (state) => state.hasTag('confirmingClose'));
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    actor.send(open ? { type: 'OPEN' } : { type: 'CLOSE_NOW' });
  }, [actor, open]);

  useEffect(() => {
    actor.send({ type: 'SET_DIRTY', dirty });
  }, [actor, dirty]);

  useEffect(() => {
    if (!visible) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    return () => previouslyFocused?.focus?.();
  }, [visible]);

  // Focus moves into the modal when it opens and whenever the confirmation comes or goes.
  useEffect(() => {
    if (visible) panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [visible, confirming]);

  useEffect(() => {
    if (!visible) return;
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      actor.send(actor.getSnapshot().hasTag('confirmingClose') ? { type: 'GO_BACK' } : { type: 'CLOSE' });
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [actor, visible]);

  if (!visible) return null;

  const requestClose = () => actor.send({ type: 'CLOSE' });

  // Tab and Shift+Tab stay inside the modal.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={`modal-backdrop${closing ? ' is-closing' : ''}`} onMouseDown={(event) => event.target === event.currentTarget && requestClose()}>
      <div ref={panelRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <header className="modal__header">
          {onBack ? (
            <button type="button" className="icon-button" onClick={onBack} aria-label={t('modal.back')}>
              <Icon name="back" />
            </button>
          ) : null}
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" onClick={requestClose} aria-label={t('modal.close')}>
            <Icon name="close" />
          </button>
        </header>
        {confirming ? (
          <div className="modal__body" role="alertdialog" aria-live="assertive">
            <p>{t('modal.unsavedChanges')}</p>
            <div className="modal__footer">
              <button type="button" className="button" onClick={() => actor.send({ type: 'GO_BACK' })}>
                {t('modal.goBack')}
              </button>
              <button type="button" className="button button--danger" onClick={() => actor.send({ type: 'DISCARD_CHANGES' })}>
                {t('modal.discard')}
              </button>
            </div>
          </div>
        ) : (
          <>
            {/* Focusable: a body taller than a phone's screen scrolls, and the keyboard must be able to scroll it
                even when it holds nothing else to focus (a company's detail, a mail). Focus still opens on the header's first button. */}
            <div className="modal__body" tabIndex={0}>
              <RenderErrorBoundary failure={{ kind: 'modal', name: title }} onClose={() => actor.send({ type: 'CLOSE_NOW' })}>
                {children}
              </RenderErrorBoundary>
            </div>
            {footer ? <div className="modal__footer">{footer}</div> : null}
          </>
        )}
      </div>
    </div>
  );
}
