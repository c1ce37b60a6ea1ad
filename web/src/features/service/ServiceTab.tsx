import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { CompleteServiceModal } from './CompleteServiceModal';
import { serviceActions, serviceQueries } from './queries';
import { dueInWords, formatDay, hours, intervalInWords, ServiceProgress, ServiceStatusBadge } from './ServiceDue';
import { ServiceItemModal } from './ServiceItemModal';
import { ServiceLog } from './ServiceLog';
import type { ServiceItem } from './types';
import './service.css';
import { RetryButton } from '../errors/RetryButton';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'complete' | 'delete'; item: ServiceItem } | null;

/** The vessel's Service tab: maintenance items with their due and progress, and the service log. */
export function ServiceTab({ vesselId, canManage, canReadDocuments }: { vesselId: number; canManage: boolean; canReadDocuments: boolean }) {
  const { t } = useTranslation('service');
  const format = useFormatters();
  const queryClient = useQueryClient();
  // Run hours move while engines run: read them again every minute.
  const schedule = useQuery({ ...serviceQueries.schedule(vesselId), refetchInterval: 60_000 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useMutation({
    mutationFn: (itemId: number) => serviceActions.remove(vesselId, itemId),
    onSuccess: () => {
      toast.success(t('tab.deleted'));
      setDialog(null);
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'service') });
    },
    onError: (error) => reportActionFailure(t('tab.deleting'), error),
  });
  const items = schedule.data?.items ?? [];
  const engines = schedule.data?.engines ?? [];

  return (
    <div className="service">
      <section className="card" aria-labelledby="service-items-title">
        <header className="service__header">
          <div>
            <h2 id="service-items-title">{t('tab.title')}</h2>
            {engines.length ? (
              <p className="muted">
                {t('tab.runHours', {
                  engines: engines.map((e) => t('tab.engineHours', { engine: e.engine, hours: format.number(e.hours) })).join(' · '),
                })}
              </p>
            ) : null}
          </div>
          {canManage ? (
            <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'add' })}>
              {t('tab.add')}
            </button>
          ) : null}
        </header>
        <DelayedSpinner loading={schedule.isPending} label={t('tab.loading')} />
        {schedule.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(schedule.error, t('tab.loadFailed'))} <RetryButton error={schedule.error} onRetry={() => schedule.refetch()} />
          </p>
        ) : null}
        {schedule.isSuccess && items.length === 0 ? <p className="empty-state">{canManage ? t('tab.emptyManage') : t('tab.empty')}</p> : null}
        <ul className="list service-items">
          {items.map((item) => (
            <li key={item.id} className={`list__item service-item service-item--${item.due.status}`}>
              <div className="service-item__body">
                <div className="service-item__title">
                  <strong>{item.name}</strong> <ServiceStatusBadge status={item.due.status} />
                </div>
                <p className="muted service-item__meta">
                  {[
                    intervalInWords(item),
                    item.lastDoneHours !== null
                      ? t('tab.lastDoneAt', { date: formatDay(item.lastDoneOn), hours: hours(item.lastDoneHours) })
                      : t('tab.lastDone', { date: formatDay(item.lastDoneOn) }),
                  ].join(' · ')}
                </p>
                <p className="service-item__due">{t('tab.due', { when: dueInWords(item).replace(/^./, (c) => c.toLowerCase()) })}</p>
                <ServiceProgress due={item.due} label={item.name} />
              </div>
              {canManage ? (
                <span className="button-row service-item__actions">
                  <button
                    type="button"
                    className="button button--small button--primary"
                    onClick={() => setDialog({ kind: 'complete', item })}
                    aria-label={t('complete.title', { item: item.name })}
                  >
                    {t('tab.logDone')}
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setDialog({ kind: 'edit', item })}
                    aria-label={t('tab.editOf', { item: item.name })}
                  >
                    {t('tab.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => setDialog({ kind: 'delete', item })}
                    aria-label={t('tab.deleteOf', { item: item.name })}
                  >
                    {t('tab.delete')}
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
          title={t('tab.deleteTitle')}
          confirmLabel={t('tab.delete')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.item.id)}
          onClose={() => setDialog(null)}
        >
          <p>{t('tab.deleteText', { item: dialog.item.name })}</p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
