import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
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
  const queryClient = useQueryClient();
  const alerts = useQuery(adminQueries.alerts());
  const acknowledge = useMutation({
    mutationFn: (alert: AdminAlert) => adminActions.acknowledgeAlert(alert.id),
    onSuccess: (_data, alert) => {
      toast.success(`${alarmText(alert)} on ${alert.vesselName ?? 'the vessel'} is acknowledged`);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.list('alerts') }),
        queryClient.invalidateQueries({ queryKey: adminKeys.list('overview') }),
      ]);
    },
    onError: (error) => reportActionFailure('Acknowledging the alarm', error),
  });
  const columns: Column<AdminAlert>[] = [
    {
      key: 'vessel',
      label: 'Vessel',
      render: (a) => (
        <Link to="/dashboard/admin/vessels" search={{ q: a.vesselName ?? undefined }}>
          {a.vesselName ?? `#${a.vesselId}`}
        </Link>
      ),
    },
    { key: 'alarm', label: 'Alarm', render: (a) => alarmText(a) },
    { key: 'priority', label: 'Priority', render: (a) => <span className={PRIORITY_TONE[a.priority]}>{PRIORITY_LABELS[a.priority]}</span> },
    { key: 'since', label: 'Since', render: (a) => formatDateTime(a.raisedAt) },
    { key: 'state', label: 'State', render: (a) => STATUS_LABELS[a.status] },
    {
      key: 'action',
      label: 'Action',
      render: (a) =>
        a.acknowledgedAt === null ? (
          <button
            type="button"
            className="button button--small"
            disabled={acknowledge.isPending}
            aria-label={`Acknowledge ${alarmText(a)} on ${a.vesselName ?? `vessel ${a.vesselId}`}`}
            onClick={() => acknowledge.mutate(a)}
          >
            Acknowledge
          </button>
        ) : (
          <span className="muted">Acknowledged {formatDateTime(a.acknowledgedAt)}</span>
        ),
    },
  ];
  const paged = { ...alerts, data: alerts.data && { totalElements: alerts.data.length, content: alerts.data } };
  return (
    <>
      <AdminHeader title="Alerts across vessels" />
      <PagedTable
        what="Active alerts"
        query={paged}
        columns={columns}
        rowKey={(a) => a.id}
        search={{}}
        setSearch={() => undefined}
        empty="No vessel has an active alarm."
        paged={false}
      />
    </>
  );
}
