import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { vesselKeys } from '../vessels/queries';
import { CompleteServiceModal } from './CompleteServiceModal';
import { serviceActions, serviceQueries } from './queries';
import { dueInWords, formatDay, intervalInWords, ServiceProgress, ServiceStatusBadge } from './ServiceDue';
import { ServiceItemModal } from './ServiceItemModal';
import { ServiceLog } from './ServiceLog';
import type { ServiceItem } from './types';
import './service.css';
import { RetryButton } from '../errors/RetryButton';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'complete' | 'delete'; item: ServiceItem } | null;

/** The vessel's Service tab: maintenance items with their due and progress, and the service log. */
export function ServiceTab({ vesselId, canManage, canReadDocuments }: { vesselId: number; canManage: boolean; canReadDocuments: boolean }) {
  const queryClient = useQueryClient();
  // Run hours move while engines run: read them again every minute.
  const schedule = useQuery({ ...serviceQueries.schedule(vesselId), refetchInterval: 60_000 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useMutation({
    mutationFn: (itemId: number) => serviceActions.remove(vesselId, itemId),
    onSuccess: () => {
      toast.success('Service item deleted');
      setDialog(null);
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'service') });
    },
    onError: (error) => reportActionFailure('Deleting the service item', error),
  });
  const items = schedule.data?.items ?? [];
  const engines = schedule.data?.engines ?? [];

  return (
    <div className="service">
      <section className="card" aria-labelledby="service-items-title">
        <header className="service__header">
          <div>
            <h2 id="service-items-title">Service schedule</h2>
            {engines.length ? (
              <p className="muted">
                Run hours: {engines.map((e) => `${e.engine} ${e.hours.toLocaleString(undefined, { maximumFractionDigits: 1 })} h`).join(' · ')}
              </p>
            ) : null}
          </div>
          {canManage ? (
            <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'add' })}>
              Add item
            </button>
          ) : null}
        </header>
        <DelayedSpinner loading={schedule.isPending} label="Loading the service schedule…" />
        {schedule.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(schedule.error, 'The service schedule could not be loaded.')}{' '}
            <RetryButton error={schedule.error} onRetry={() => schedule.refetch()} />
          </p>
        ) : null}
        {schedule.isSuccess && items.length === 0 ? (
          <p className="empty-state">No service items yet.{canManage ? ' Add the oil change, impellers, antifouling… with their intervals.' : ''}</p>
        ) : null}
        <ul className="list service-items">
          {items.map((item) => (
            <li key={item.id} className={`list__item service-item service-item--${item.due.status}`}>
              <div className="service-item__body">
                <div className="service-item__title">
                  <strong>{item.name}</strong> <ServiceStatusBadge status={item.due.status} />
                </div>
                <p className="muted service-item__meta">
                  {intervalInWords(item)} · last done {formatDay(item.lastDoneOn)}
                  {item.lastDoneHours !== null ? ` at ${item.lastDoneHours.toLocaleString()} h` : ''}
                </p>
                <p className="service-item__due">Due {dueInWords(item).replace(/^./, (c) => c.toLowerCase())}</p>
                <ServiceProgress due={item.due} label={item.name} />
              </div>
              {canManage ? (
                <span className="button-row service-item__actions">
                  <button
                    type="button"
                    className="button button--small button--primary"
                    onClick={() => setDialog({ kind: 'complete', item })}
                    aria-label={`Log ${item.name} as done`}
                  >
                    Log done
                  </button>
                  <button type="button" className="button button--small" onClick={() => setDialog({ kind: 'edit', item })} aria-label={`Edit ${item.name}`}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setDialog({ kind: 'delete', item })}
                    aria-label={`Delete ${item.name}`}
                  >
                    Delete
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <ServiceLog vesselId={vesselId} canReadDocuments={canReadDocuments} />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <ServiceItemModal vesselId={vesselId} item={dialog.kind === 'edit' ? dialog.item : null} engines={engines} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'complete' ? (
        <CompleteServiceModal vesselId={vesselId} item={dialog.item} canReadDocuments={canReadDocuments} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmModal
          title="Delete the service item"
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.item.id)}
          onClose={() => setDialog(null)}
        >
          <p>{dialog.item.name} will no longer be scheduled or reminded of. Services already logged stay in the log.</p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
