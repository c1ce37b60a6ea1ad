import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { PriorityBadge } from './PriorityBadge';
import { alertQueries } from './queries';
import { alarmText, priorityOf, statusText } from './types';
import {
  REACHING_STATES,
  type AcknowledgedVia,
  type Acknowledgement,
  type Delivery,
  type DeliveryChannel,
  type DeliveryState,
} from '../../../../contracts/deliveries';
import './deliveries.css';

const CHANNEL_WORDS: Record<DeliveryChannel, string> = { email: 'E-mail', push: 'Push', sms: 'Text message', voice: 'Voice call' };

/** Who carries a notification on each channel. */
const CARRIER: Record<DeliveryChannel, string> = { email: 'the mail server', push: 'the push service', sms: 'the SMS provider', voice: 'the SMS provider' };

/** What each state means on each channel, in the user's words. */
function stepWords(state: DeliveryState, channel: DeliveryChannel): string {
  switch (state) {
    case 'queued':
      return 'Queued';
    case 'sent':
      return `Sent to ${CARRIER[channel]}`;
    case 'accepted':
      return `Accepted by ${CARRIER[channel]}`;
    case 'opened':
      return channel === 'email' ? 'Opened: the link was followed' : 'Opened: the notification was clicked';
    case 'acknowledged':
      return 'Acknowledged';
    case 'failed':
      return 'Failed';
  }
}

const STATE_WORDS: Record<DeliveryState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  accepted: 'Accepted',
  opened: 'Opened',
  acknowledged: 'Acknowledged',
  failed: 'Failed',
};

const VIA_WORDS: Record<AcknowledgedVia, string> = {
  app: 'in the app',
  push: 'from the push notification',
  email: 'from the e-mail',
  sms: 'by a text reply',
  voice: 'by a key on the call',
  operator: 'by the operator (admin command line)',
};

function acknowledgementText(ack: Acknowledgement, dateTime: (at: string) => string): string {
  const who = ack.name ?? 'The operator';
  const via = ack.via === 'operator' ? '' : ` ${VIA_WORDS[ack.via]}`;
  const device = ack.device ? ` ${ack.via === 'sms' || ack.via === 'voice' ? 'from' : 'on'} ${ack.device}` : '';
  return `Acknowledged by ${who}${via}${device} · ${dateTime(ack.at)}`;
}

function DeliveryCard({ delivery }: { delivery: Delivery }) {
  const format = useFormatters();
  return (
    <li className="delivery" data-testid="delivery">
      <div className="delivery__head">
        <p className="delivery__who">
          {delivery.recipient.name} · {CHANNEL_WORDS[delivery.channel]}
          {delivery.target ? (
            <>
              {' · '}
              <span className="delivery__target">{delivery.target}</span>
            </>
          ) : null}
        </p>
        <span className={`delivery-state delivery-state--${delivery.state}`}>{STATE_WORDS[delivery.state]}</span>
      </div>
      <ol className="delivery-steps" aria-label={`${CHANNEL_WORDS[delivery.channel]} to ${delivery.recipient.name}: what happened`}>
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
          {data ? alarmText(data.alert) : 'Alarm'}
        </h2>
        <Link to="/dashboard/vessels/$vesselId/alerts" params={{ vesselId }} search={{}} className="button button--small">
          Close
        </Link>
      </header>
      <DelayedSpinner loading={detail.isPending} label="Loading the alarm's deliveries…" />
      {detail.isError ? (
        <p className="form-error" role="alert">
          {isApiError(detail.error) && detail.error.status === 404
            ? 'This alarm is not on this vessel, or no longer exists.'
            : "The alarm's deliveries could not be loaded."}{' '}
          <button type="button" className="link-button" onClick={() => void detail.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {data ? (
        <>
          <div className="alarm-detail__summary">
            <PriorityBadge priority={priorityOf(data.alert)} />
            <p className="alert-item__status">{statusText(data.alert, format.time)}</p>
            <p className="muted">Raised {format.dateTime(data.alert.raisedAt)}</p>
          </div>
          {data.reached ? (
            <p className="alarm-detail__reach">
              {data.deliveries.length
                ? `Reached: ${through} of ${data.deliveries.length} ${data.deliveries.length === 1 ? 'notification' : 'notifications'} got through${failed ? `, ${failed} failed` : ''}.`
                : 'Reached: acknowledged by a person, though no notification was sent.'}
            </p>
          ) : (
            <p className="alarm-detail__reach alarm-detail__reach--nobody" role="status">
              Nobody was reached: no notification was accepted, opened or acknowledged, and nobody acknowledged the alarm.
            </p>
          )}
          {data.acknowledgement ? <p className="alarm-detail__ack">{acknowledgementText(data.acknowledgement, format.dateTime)}</p> : null}
          <h3 className="alarm-detail__subtitle">Deliveries</h3>
          {data.deliveries.length === 0 ? (
            <p className="empty-state">
              No notification was sent for this alarm: it may have been shelved or held back by the vessel&apos;s mode, or everyone muted the vessel or set
              their minimum priority above it.
            </p>
          ) : (
            <ul className="deliveries" aria-label="Deliveries">
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
