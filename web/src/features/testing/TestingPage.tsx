import { useState } from 'react';
import { connectivity, showError, toast } from '../../app/services';
import { formatDate, formatDateTime, formatLocalAndUtc, formatTime } from '../../lib/dates';
import { currentEnvironmentLabel, UI_VERSION } from '../../lib/env';
import { formatValue } from '../../lib/units';
import { RenderErrorBoundary } from '../errors/RenderErrorBoundary';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { Modal } from '../modal/Modal';
import { UNREACHABLE_THRESHOLD } from '../connectivity/connectivityMachine';

const SAMPLES: Array<{ label: string; value: unknown; units: string; path?: string }> = [
  { label: 'Cabin temperature', value: 295.15, units: 'K' },
  { label: 'Speed over ground', value: 3.6, units: 'm/s' },
  { label: 'Fresh water', value: 0.42, units: 'm3' },
  { label: 'Oil pressure', value: 310_000, units: 'Pa' },
  { label: 'State of charge', value: 0.87, units: 'ratio' },
  { label: 'Heading', value: 1.5708, units: 'rad' },
  { label: 'Depth', value: 12.4, units: 'm' },
  { label: 'Engine', value: 30, units: 'Hz', path: 'propulsion.port.revolutions' },
];

const SAMPLE_TIME = '2019-05-15T13:30:05Z';

function Boom(): never {
  throw new Error('A tab that fails to render, on purpose');
}

/** A page for checking the shared interface elements by hand and in end-to-end tests. */
export function TestingPage() {
  const [modalOpen, setModalOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [loading, setLoading] = useState(false);
  const [broken, setBroken] = useState(false);
  const [status, setStatus] = useState('500');

  return (
    <div className="page testing">
      <h1>Testing</h1>
      <p className="muted">
        Version {UI_VERSION} · environment {currentEnvironmentLabel() || '(none)'}
      </p>

      <section className="card" aria-labelledby="toasts-title">
        <h2 id="toasts-title">Toasts</h2>
        <div className="button-row">
          <button type="button" className="button" onClick={() => toast.blank('A plain notification')}>
            Blank
          </button>
          <button type="button" className="button" onClick={() => toast.success('Saved')}>
            Success
          </button>
          <button type="button" className="button" onClick={() => toast.error('Something needs attention')}>
            Error
          </button>
          <button type="button" className="button" onClick={() => toast.actionFailed('Saving the vessel', 500)}>
            Action failed
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              const id = toast.loading('Working…');
              window.setTimeout(() => toast.update(id, { type: 'success', message: 'Done' }), 3000);
            }}
          >
            Loading then success
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby="modal-title">
        <h2 id="modal-title">Modal</h2>
        <button type="button" className="button" onClick={() => setModalOpen(true)}>
          Open modal
        </button>
        <Modal
          open={modalOpen}
          title="Edit a note"
          dirty={draft.length > 0}
          onClose={() => {
            setModalOpen(false);
            setDraft('');
          }}
          onBack={() => setDraft('')}
        >
          <label htmlFor="testing-draft" className="field__label">
            Note
          </label>
          <input id="testing-draft" className="input" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </Modal>
      </section>

      <section className="card" aria-labelledby="errors-title">
        <h2 id="errors-title">Error dialog</h2>
        <div className="button-row">
          <label className="inline-field">
            <span>Status</span>
            <select className="input input--small" value={status} onChange={(event) => setStatus(event.target.value)}>
              {['400', '401', '403', '404', '413', '415', '418', '500', 'none'].map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            onClick={() =>
              showError({
                status: status === 'none' ? null : Number(status),
                serverMessage: status === '418' ? 'Vessel is offline' : undefined,
                endpoint: 'POST testing/example',
                fromUi: status === 'none',
              })
            }
          >
            Show error
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              for (let failure = 0; failure <= UNREACHABLE_THRESHOLD; failure += 1) connectivity.send({ type: 'CONNECTION_FAILED' });
            }}
          >
            Simulate lost connection
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby="loading-title">
        <h2 id="loading-title">Loading indicator</h2>
        <button type="button" className="button" aria-pressed={loading} onClick={() => setLoading((value) => !value)}>
          {loading ? 'Finish loading' : 'Start loading'}
        </button>
        <DelayedSpinner loading={loading} label="Loading settings…" />
      </section>

      <section className="card" aria-labelledby="render-title">
        <h2 id="render-title">Render failure</h2>
        <button type="button" className="button" onClick={() => setBroken(true)}>
          Break the tab
        </button>
        <RenderErrorBoundary failure={{ kind: 'tab', name: 'Testing' }} onClose={() => setBroken(false)}>
          {broken ? <Boom /> : <p>The tab renders.</p>}
        </RenderErrorBoundary>
      </section>

      <section className="card" aria-labelledby="units-title">
        <h2 id="units-title">Units and dates</h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">Signal K</th>
              <th scope="col">Metric</th>
              <th scope="col">Imperial</th>
            </tr>
          </thead>
          <tbody>
            {SAMPLES.map((sample) => (
              <tr key={sample.label}>
                <th scope="row">{sample.label}</th>
                <td>{`${String(sample.value)} ${sample.units}`}</td>
                <td>{formatValue(sample.value, sample.units, 'metric', sample.path)}</td>
                <td>{formatValue(sample.value, sample.units, 'imperial', sample.path)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="plain-list">
          <li>Full: {formatDateTime(SAMPLE_TIME)}</li>
          <li>Full with zone, 12-hour: {formatDateTime(SAMPLE_TIME, { withZone: true, timeFormat: '12h' })}</li>
          <li>
            Date: {formatDate(SAMPLE_TIME)} · Time: {formatTime(SAMPLE_TIME)}
          </li>
          <li>Local and UTC: {formatLocalAndUtc(SAMPLE_TIME)}</li>
        </ul>
      </section>
    </div>
  );
}
