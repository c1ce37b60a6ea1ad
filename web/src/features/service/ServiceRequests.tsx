/**
 * The service requests waiting on the user's company (docs/product.md, "Service requests"), on its
 * fleet and services pages: each open request with its alarm, a chart of the values' last 24 h as
 * they stood when the owner asked, the owner's message, a link to the thread, and "Mark done",
 * which writes the vessel's service log. Fresh without reloading (the user's live stream: service/liveEvents.ts).
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { useLocale } from '../../i18n';
import { formatShort } from '../../lib/dates';
import { failureMessage } from '../../lib/failureMessage';
import { displayUnit, fromSi } from '../../lib/units';
import { FormModal } from '../admin/FormModal';
import { formFailure, type FormFailure } from '../admin/fieldErrors';
import { PriorityBadge } from '../alerts/PriorityBadge';
import { alarmText } from '../alerts/types';
import { LineChart } from '../charts/LineChart';
import { FieldShell } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters, usePreferences } from '../profile/usePreferences';
import type { ServiceRequest, ServiceRequestSeries } from '../../../../contracts/service-requests';
import { serviceActions, serviceQueries, serviceRequestKeys } from './queries';
import './service.css';

function EvidenceChart({ series }: { series: ServiceRequestSeries }) {
  const { t } = useTranslation('service');
  const locale = useLocale();
  const { unitSystem, timeFormat, timeZone } = usePreferences();
  const units = series.units ?? '';
  const unit = displayUnit(units, unitSystem, series.path);
  const points = series.points.map((p) => ({ t: Date.parse(p.t), v: fromSi(p.v, units, unitSystem, series.path) }));
  const name = [series.deviceName, series.displayName ?? series.path].filter(Boolean).join(' · ');
  return (
    <div className="service-request__chart">
      <p className="muted">{t('requests.evidence', { name })}</p>
      <LineChart
        points={points}
        unit={unit.unit}
        decimals={unit.decimals}
        label={t('requests.evidence', { name })}
        formatTime={(time) => formatShort(time, { timeFormat, timeZone, locale })}
      />
    </div>
  );
}

function MarkDoneDialog({ request, onClose }: { request: ServiceRequest; onClose: () => void }) {
  const { t } = useTranslation('service');
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const done = useMutation({
    mutationFn: () => serviceActions.markRequestDone(request.id, notes.trim()),
    onSuccess: () => {
      toast.success(t('requests.markedDone', { vessel: request.vesselName }));
      onClose();
      return queryClient.invalidateQueries({ queryKey: serviceRequestKeys.company });
    },
    onError: (error) => setFailure(formFailure(t('requests.marking'), error, ['notes'])),
  });
  return (
    <FormModal
      title={t('requests.markDoneTitle', { vessel: request.vesselName })}
      submitLabel={t('requests.markDone')}
      pending={done.isPending}
      failure={failure}
      dirty={notes.trim().length > 0}
      onSubmit={() => done.mutate()}
      onClose={onClose}
    >
      <p>{t('requests.markDoneText', { alarm: alarmText(request.alarm), vessel: request.vesselName, company: request.companyName })}</p>
      <FieldShell label={t('requests.whatWasDone')}>
        {({ inputId, describedBy }) => (
          <textarea
            id={inputId}
            className="input"
            rows={3}
            maxLength={5000}
            aria-describedby={describedBy}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        )}
      </FieldShell>
    </FormModal>
  );
}

function OpenRequest({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation('service');
  const format = useFormatters();
  const [marking, setMarking] = useState(false);
  const text = alarmText(request.alarm);
  return (
    <li className={`list__item service-request service-request--${request.alarm.priority}`} data-testid="service-request">
      <div className="service-request__body">
        <div className="service-request__title">
          <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId: request.vesselId }}>
            {request.vesselName}
          </Link>{' '}
          <PriorityBadge priority={request.alarm.priority} />
        </div>
        <p className="service-request__alarm">
          <strong>{text}</strong>
        </p>
        <p className="muted">
          {request.requestedBy
            ? t('requests.askedBy', {
                name: request.requestedBy.name,
                when: format.dateTime(request.createdAt),
                raised: format.dateTime(request.alarm.raisedAt),
              })
            : t('requests.asked', { when: format.dateTime(request.createdAt), raised: format.dateTime(request.alarm.raisedAt) })}
        </p>
        {request.message ? <blockquote className="service-request__message">{request.message}</blockquote> : null}
        {request.evidence.length ? (
          request.evidence.map((series) => <EvidenceChart key={series.path} series={series} />)
        ) : (
          <p className="muted">{t('requests.noEvidence')}</p>
        )}
        <div className="button-row">
          {request.threadId !== null ? (
            <Link to="/dashboard/messages" search={{ thread: request.threadId }} className="button button--small">
              {t('openThread')}
            </Link>
          ) : null}
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => setMarking(true)}
            aria-label={t('requests.markDoneOf', { vessel: request.vesselName, alarm: text })}
          >
            {t('requests.markDone')}
          </button>
        </div>
      </div>
      {marking ? <MarkDoneDialog request={request} onClose={() => setMarking(false)} /> : null}
    </li>
  );
}

/** The company's service requests: open ones in full, those done lately in a line each. */
export function ServiceRequestsSection() {
  const { t } = useTranslation('service');
  const requests = useQuery(serviceQueries.companyRequests());
  const format = useFormatters();
  const open = (requests.data ?? []).filter((r) => r.state === 'open');
  const done = (requests.data ?? []).filter((r) => r.state === 'done');
  return (
    <section className="card" aria-labelledby="service-requests-title">
      <h2 id="service-requests-title">{requests.isSuccess ? t('requests.titleOpen', { count: open.length }) : t('requests.title')}</h2>
      <DelayedSpinner loading={requests.isPending} label={t('requests.loading')} />
      {requests.isError ? (
        <div role="alert">
          <p className="form-error">{failureMessage(requests.error, t('requests.loadFailed'))}</p>
          <button type="button" className="button" onClick={() => void requests.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {requests.isSuccess && open.length === 0 ? <p className="empty-state">{t('requests.empty')}</p> : null}
      {open.length ? (
        <ul className="list service-requests" aria-label={t('requests.openList')}>
          {open.map((request) => (
            <OpenRequest key={request.id} request={request} />
          ))}
        </ul>
      ) : null}
      {done.length ? (
        <details className="service-requests__done">
          <summary>{t('requests.doneLately', { number: done.length })}</summary>
          <ul className="list">
            {done.map((request) => (
              <li key={request.id} className="list__item">
                <span>
                  <strong>{request.vesselName}</strong> · {alarmText(request.alarm)} ·{' '}
                  {request.doneBy
                    ? t('requests.doneBy', { when: request.doneAt ? format.dateTime(request.doneAt) : '', name: request.doneBy.name })
                    : t('requests.done', { when: request.doneAt ? format.dateTime(request.doneAt) : '' })}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
