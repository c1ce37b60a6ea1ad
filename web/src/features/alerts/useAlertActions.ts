import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { upsertAlert } from '../live/liveEvents';
import { vesselKeys } from '../vessels/queries';
import { alertActions } from './queries';
import type { Alert } from './types';

/**
 * Acknowledge and silence, from the Alerts tab and the banner alike: the answer replaces the
 * alert in the vessel's list at once (the live event that follows changes nothing more), and
 * the fleet-wide counts are read again.
 */
export function useAlertActions(vesselId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const settle = (alert?: Alert) => {
    if (alert) queryClient.setQueryData<Alert[]>(vesselKeys.section(vesselId, 'alerts'), (alerts) => upsertAlert(alerts, alert));
    void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alerts') });
    void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alertLogs') });
    void queryClient.invalidateQueries({ queryKey: ['alerts'] });
    void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
  };

  const acknowledge = useMutation({
    mutationFn: (alertId: number) => alertActions.acknowledge(vesselId, alertId),
    onSuccess: (alert) => {
      toast.success(t('actions.acknowledged'));
      settle(alert);
    },
    onError: (error) => reportActionFailure(t('actions.acknowledging'), error),
  });
  const silence = useMutation({
    mutationFn: ({ alertId, seconds }: { alertId: number; seconds: number }) => alertActions.silence(vesselId, alertId, seconds),
    onSuccess: (alert) => {
      toast.success(t('actions.silenced'));
      settle(alert);
    },
    onError: (error) => reportActionFailure(t('actions.silencing'), error),
  });
  const silenceAll = useMutation({
    mutationFn: (seconds: number) => alertActions.silenceAll(vesselId, seconds),
    onSuccess: ({ silenced }) => {
      toast.success(t('actions.silencedAll', { count: silenced }));
      settle();
    },
    onError: (error) => reportActionFailure(t('actions.silencingAll'), error),
  });
  return { acknowledge, silence, silenceAll, busy: acknowledge.isPending || silence.isPending || silenceAll.isPending };
}
