import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from './queries';
import type { VesselDetail } from './types';

type ReportingSwitch = 'gpsReporting' | 'propertyUpdate' | 'mfrAccess';

const SWITCHES: Array<{ key: ReportingSwitch; label: string; off: string }> = [
  { key: 'gpsReporting', label: 'Record the track (GPS reporting)', off: 'No position is recorded or shown while this is off.' },
  {
    key: 'propertyUpdate',
    label: 'Update values (property updates)',
    off: 'Values stay as they were while this is off; alarms raised on board still come through.',
  },
  {
    key: 'mfrAccess',
    label: 'Let the builder of this model see the vessel (manufacturer access)',
    off: 'The manufacturer sees nothing of this vessel; with it on, they see it among their models’ vessels, read-only.',
  },
];

/** The vessel's reporting switches (docs/decisions.md, "Vessel toggles"); allowEditVessel changes them. */
export function ReportingSwitches({ vesselId, vessel }: { vesselId: number; vessel: VesselDetail }) {
  const queryClient = useQueryClient();
  const canEdit = vessel.permissions.allowEditVessel;
  const change = useMutation({
    mutationFn: ({ key, on }: { key: ReportingSwitch; on: boolean }) => api.post<unknown>(vesselPath(vesselId, `${key}/${on}`)),
    onSuccess: () => {
      toast.success('Setting saved');
      return queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId), exact: true });
    },
    onError: (error) => reportActionFailure('Changing the setting', error),
  });
  if (!vessel.settings) return null;
  const settings = vessel.settings;
  return (
    <section className="card" aria-labelledby="reporting-title">
      <h2 id="reporting-title">Reporting</h2>
      {SWITCHES.map(({ key, label, off }) => (
        <div key={key} className="field">
          <label>
            <input
              type="checkbox"
              checked={settings[key]}
              disabled={!canEdit || change.isPending}
              onChange={(event) => change.mutate({ key, on: event.target.checked })}
            />{' '}
            {label}
          </label>
          {settings[key] ? null : <p className="muted">{off}</p>}
        </div>
      ))}
    </section>
  );
}
