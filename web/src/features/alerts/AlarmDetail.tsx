import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { isApiError } from '../../lib/api';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { PriorityBadge } from './PriorityBadge';
import { alertQueries } from './queries';
import { alarmText, priorityOf, statusText } from './types';
import { REACHING_STATES, type Acknowledgement, type Delivery, type DeliveryChannel, type DeliveryState } from '../../../../contracts/deliveries';
import './deliveries.css';

/** What each state means on each channel, in the user's words. */
function stepWords(state: DeliveryState, channel: DeliveryChannel): string {
  switch (state) {
    case 'sent':
    case 'accepted':
      return i18n.t(`alerts:detail.steps.${state}.${channel}`);
    case 'opened':
      return channel === 'email' ? i18n.t('alerts:detail.steps.openedEmail') : i18n.t('alerts:detail.steps.openedNotification');
    default:
      return i18n.t(`alerts:detail.steps.${state}`);
  }
}

function acknowledgementText(ack: Acknowledgement, dateTime: (at: string) => string): string {
  const who = ack.name ?? i18n.t('alerts:detail.theOperator');
  const words = ack.device ? i18n.t(`alerts:detail.ackDevice.${ack.via}`, { who, device: ack.device }) : i18n.t(`alerts:detail.ack.${ack.via}`, { who });
  return `${words} · ${dateTime(ack.at)}`;
}

function DeliveryCard({ delivery }: { delivery: Delivery }) {
  const format = useFormatters();
  const { t } = useTranslation('alerts');
  const channel = t(`detail.channels.${delivery.channel}`);
  return (
    <li className="delivery" data-testid="delivery">
      <div className="delivery__head">
        <p className="delivery__who">
          {delivery.recipient.name} · {channel}
          {delivery.target ? (
            <>
              {' · '}
              <span className="delivery__target">{delivery.target}</span>
            </>
          ) : null}
        </p>
        <span className={`delivery-state delivery-state--${delivery.state}`}>{t(`detail.states.${delivery.state}`)}</span>
      </div>
      <ol className="delivery-steps" aria-label={t('detail.stepsLabel', { channel, name: delivery.recipient.name })}>
        {delivery.steps.map((step) => (
          <li key={step.state} className={`delivery-steps__step delivery-steps__step--${step.state}`}>
            <span className="delivery-steps__what">{stepWords(step.state, delivery.channel)}</span>{' '}
            <time dateTime={step.at} className="muted">
              {format.time(step.at)}
            </time>
            {step.state === 'failed' && delivery.reason ? <p className="delivery-steps__reason">{delivery.reason}</p> : null}
          </li>
        ))}
      </ol>
      <p className="muted delivery__note">{delivery.subject}</p>
      {delivery.note ? <p className="muted delivery__note">{delivery.note}</p> : null}
    </li>
  );
}

/**
 * One alarm with its delivery receipts (GET vessel/{id}/alerts/{alertId}/deliveries): who was
 * told on which channel, each step with its time, who acknowledged it and through what. Opened
 * from an alarm's "Deliveries" link, and where the links of alarm e-mails and push notifications
 * land (`?alert=`).
 */
export function AlarmDetail({ vesselId, alertId }: { vesselId: number; alertId: number }) {
  const format = useFormatters();
  const { t } = useTranslation('alerts');
  const detail = useQuery(alertQueries.deliveries(vesselId, alertId));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [alertId]);
  const data = detail.data;
  const failed = data?.deliveries.filter((d) => d.state === 'failed').length ?? 0;
  const through = data?.deliveries.filter((d) => REACHING_STATES.includes(d.state)).length ?? 0;

  return (
    <section className="alarm-detail" aria-labelledby="alarm-detail-title" data-testid="alarm-detail">
      <header className="section-header">
        <h2 id="alarm-detail-title" ref={heading} tabIndex={-1}>
          {data ? alarmText(data.alert) : t('detail.alarm')}
        </h2>
        <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }} search={{}} className="button button--small">
          {t('detail.close')}
        </Link>
      </header>
      <DelayedSpinner loading={detail.isPending} label={t('detail.loading')} />
      {detail.isError ? (
        <p className="form-error" role="alert">
          {isApiError(detail.error) && detail.error.status === 404 ? t('detail.notFound') : t('detail.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void detail.refetch()}>
            {t('detail.tryAgain')}
          </button>
        </p>
      ) : null}
      {data ? (
        <>
          <div className="alarm-detail__summary">
            <PriorityBadge priority={priorityOf(data.alert)} />
            <p className="alert-item__status">{statusText(data.alert, format.time)}</p>
            <p className="muted">{t('detail.raised', { time: format.dateTime(data.alert.raisedAt) })}</p>
          </div>
          {data.reached ? (
            <p className="alarm-detail__reach">
              {data.deliveries.length
                ? t(failed ? 'detail.reachedFailed' : 'detail.reached', { count: data.deliveries.length, through, failed })
                : t('detail.reachedByPerson')}
            </p>
          ) : (
            <p className="alarm-detail__reach alarm-detail__reach--nobody" role="status">
              {t('detail.nobodyReached')}
            </p>
          )}
          {data.acknowledgement ? <p className="alarm-detail__ack">{acknowledgementText(data.acknowledgement, format.dateTime)}</p> : null}
          <h3 className="alarm-detail__subtitle">{t('detail.deliveries')}</h3>
          {data.deliveries.length === 0 ? (
            <p className="empty-state">{t('detail.noneSent')}</p>
          ) : (
            <ul className="deliveries" aria-label={t('detail.deliveries')}>
              {data.deliveries.map((delivery) => (
                <DeliveryCard key={delivery.id} delivery={delivery} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
