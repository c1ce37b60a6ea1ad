import { useTranslation } from 'react-i18next';
import { useFormatters } from '../profile/usePreferences';
import type { Command } from './useCommand';
import './devices.css';

/** Where a command stands, next to its control: sending, sent, acknowledged, queued, confirmed or why it ended. */
export function CommandStatus({ command }: { command: Command }) {
  const { t } = useTranslation('devices');
  const format = useFormatters();
  return (
    <span className="command-status" role="status" aria-live="polite">
      {command.pending ? (
        <>
          <span className="spinner spinner--small" aria-hidden="true" />{' '}
          {command.commandState === 'SENT' ? t('command.sent') : command.commandState === 'ACKNOWLEDGED' ? t('command.acknowledged') : t('command.sending')}
        </>
      ) : command.queued ? (
        <span className="muted">{command.expiresAt ? t('command.queuedExpires', { time: format.time(command.expiresAt) }) : t('command.queued')}</span>
      ) : command.done ? (
        <span className="text-success">{t('command.confirmed')}</span>
      ) : command.ended ? (
        <button type="button" className="link-button text-critical" onClick={command.acknowledge} title={t('command.dismiss')}>
          ✕ {command.message}
        </button>
      ) : null}
    </span>
  );
}
