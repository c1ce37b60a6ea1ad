import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from './queries';
import type { VesselDetail } from './types';

type ReportingSwitch = 'gpsReporting' | 'propertyUpdate' | 'mfrAccess';

/** Each switch's words are `vessels:reporting.<key>.label` and `.off`. */
const SWITCHES: ReportingSwitch[] = ['gpsReporting', 'propertyUpdate', 'mfrAccess'];

/** The vessel's reporting switches (docs/decisions.md, "Vessel toggles"); allowEditVessel changes them. */
export function ReportingSwitches({ vesselId, vessel }: { vesselId: number; vessel: VesselDetail }) {
  const { t } = useTranslation('vessels');
  const queryClient = useQueryClient();
  const canEdit = vessel.permissions.allowEditVessel;
  const change = useMutation({
    mutationFn: ({ key, on }: { key: ReportingSwitch; on: boolean }) => api.post<unknown>(vesselPath(vesselId, `${key}/${on}`)),
    onSuccess: () => {
      toast.success(t('reporting.saved'));
      return queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId), exact: true });
    },
    onError: (error) => reportActionFailure(t('reporting.changing'), error),
  });
  if (!vessel.settings) return null;
  const settings = vessel.settings;
  return (
    <section className="card" aria-labelledby="reporting-title">
      <h2 id="reporting-title">{t('reporting.title')}</h2>
      {SWITCHES.map((key) => (
        <div key={key} className="field">
          <label>
            <input
              type="checkbox"
              checked={settings[key]}
              disabled={!canEdit || change.isPending}
              onChange={(event) => change.mutate({ key, on: event.target.checked })}
            />{' '}
            {t(`reporting.${key}.label`)}
          </label>
          {settings[key] ? null : <p className="muted">{t(`reporting.${key}.off`)}</p>}
        </div>
      ))}
    </section>
  );
}
