import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromCallback } from 'xstate';
import { apiDownload, type Downloaded } from '../../lib/api';
import { formatBytes } from '../../lib/bytes';
import { failureMessage } from '../../lib/failureMessage';
import { RetryButton } from '../errors/RetryButton';
import { exportMachine, type ExportEvent } from './exportMachine';
import './export.css';

/** Progress is shown at most this often: a large archive comes in thousands of pieces. */
const PROGRESS_EVERY_MS = 200;

/** Hands a downloaded file to the browser to save, under the server's name. */
function saveFile(file: Downloaded, fallbackName: string) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start saving it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Download everything" under the vessel's settings (docs/api.md, "Export"): the whole record as
 * one archive, fetched with the session (no link carries the key) and read as it comes, so the
 * size received so far is shown while the server writes it.
 */
export function ExportSection({ vesselId, vesselName }: { vesselId: number; vesselName: string }) {
  const { t } = useTranslation('export');
  const [state, send] = useMachine(
    exportMachine.provide({
      actors: {
        download: fromCallback<ExportEvent>(({ sendBack }) => {
          const controller = new AbortController();
          let shownAt = 0;
          apiDownload(`vessel/${vesselId}/export`, {
            signal: controller.signal,
            onBytes: (received) => {
              const now = performance.now();
              if (now - shownAt < PROGRESS_EVERY_MS) return;
              shownAt = now;
              sendBack({ type: 'PROGRESS', received });
            },
          }).then(
            (file) => sendBack({ type: 'DONE', file }),
            (error: unknown) => {
              if (!controller.signal.aborted) sendBack({ type: 'FAILED', error });
            },
          );
          return () => controller.abort();
        }),
      },
      actions: { save: (_, file) => saveFile(file, `vessel-${vesselId}.tar`) },
    }),
  );
  const busy = state.hasTag('busy');
  const { received, error } = state.context;
  const status = busy
    ? received
      ? t('section.received', { size: formatBytes(received) })
      : t('section.preparing')
    : state.matches('done')
      ? t('section.downloaded', { size: formatBytes(received) })
      : '';
  return (
    <section className="card" aria-labelledby="export-title" data-testid="export-section">
      <h2 id="export-title">{t('section.title')}</h2>
      <p>{t('section.intro', { vessel: vesselName })}</p>
      <div className="button-row">
        {/* One button that becomes Cancel, so the keyboard's focus stays on it. */}
        <button type="button" className="button" onClick={() => send({ type: busy ? 'CANCEL' : 'START' })}>
          {busy ? t('section.cancel') : t('section.title')}
        </button>
      </div>
      <div className="export-progress">
        {busy ? <progress aria-label={t('section.progress')} /> : null}
        <p role="status">{status}</p>
      </div>
      {state.hasTag('failed') ? (
        <p className="form-error" role="alert">
          {failureMessage(error, t('section.failed'))} <RetryButton error={error} onRetry={() => send({ type: 'START' })} />
        </p>
      ) : null}
    </section>
  );
}
