import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { alarmText } from '../alerts/types';
import { reportActionFailure } from '../../app/failures';
import { toast } from '../../app/services';
import { PRIORITY_LABELS, STATUS_LABELS } from '../alerts/types';
import { AdminHeader } from './AdminLayout';
import { formatDateTime } from './format';
import { PagedTable, type Column } from './ListControls';
import { adminActions, adminKeys, adminQueries } from './queries';
import type { AdminAlert } from './types';

const PRIORITY_TONE: Record<AdminAlert['priority'], string> = { emergency: 'text-critical', alarm: 'text-critical', warning: 'text-warning', caution: '' };

/** The active alarms of every vessel, newest first; an administrator acknowledges one through the vessel's own lifecycle. */
export function AlertsPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const alerts = useQuery(adminQueries.alerts());
  const acknowledge = useMutation({
    mutationFn: (alert: AdminAlert) => adminActions.acknowledgeAlert(alert.id),
    onSuccess: (_data, alert) => {
      toast.success(
        alert.vesselName === null
          ? t('alerts.acknowledgedOnTheVessel', { alarm: alarmText(alert) })
          : t('alerts.acknowledged', { alarm: alarmText(alert), vessel: alert.vesselName }),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.list('alerts') }),
        queryClient.invalidateQueries({ queryKey: adminKeys.list('overview') }),
      ]);
    },
    onError: (error) => reportActionFailure(t('alerts.acknowledging'), error),
  });
  const columns: Column<AdminAlert>[] = [
    {
      key: 'vessel',
      label: t('alerts.columns.vessel'),
      render: (a) => (
        <Link to="/dashboard/admin/vessels" search={{ q: a.vesselName ?? undefined }}>
          {a.vesselName ?? `#${a.vesselId}`}
        </Link>
      ),
    },
    { key: 'alarm', label: t('alerts.columns.alarm'), render: (a) => alarmText(a) },
    { key: 'priority', label: t('alerts.columns.priority'), render: (a) => <span className={PRIORITY_TONE[a.priority]}>{PRIORITY_LABELS[a.priority]}</span> },
    { key: 'since', label: t('alerts.columns.since'), render: (a) => formatDateTime(a.raisedAt) },
    { key: 'state', label: t('alerts.columns.state'), render: (a) => STATUS_LABELS[a.status] },
    {
      key: 'action',
      label: t('alerts.columns.action'),
      render: (a) =>
        a.acknowledgedAt === null ? (
          <button
            type="button"
            className="button button--small"
            disabled={acknowledge.isPending}
            aria-label={
              a.vesselName === null
                ? t('alerts.acknowledgeOnVesselId', { alarm: alarmText(a), id: a.vesselId })
                : t('alerts.acknowledgeOn', { alarm: alarmText(a), vessel: a.vesselName })
            }
            onClick={() => acknowledge.mutate(a)}
          >
            {t('alerts.acknowledge')}
          </button>
        ) : (
          <span className="muted">{t('alerts.acknowledgedAt', { at: formatDateTime(a.acknowledgedAt) })}</span>
        ),
    },
  ];
  const paged = { ...alerts, data: alerts.data && { totalElements: alerts.data.length, content: alerts.data } };
  return (
    <>
      <AdminHeader title={t('alerts.title')} />
      <PagedTable
        what={t('alerts.what')}
        query={paged}
        columns={columns}
        rowKey={(a) => a.id}
        search={{}}
        setSearch={() => undefined}
        empty={t('alerts.empty')}
        paged={false}
      />
    </>
  );
}
