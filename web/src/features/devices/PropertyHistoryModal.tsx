import type { TFunction } from 'i18next';
import { alarmText } from '../alerts/types';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { alertQueries } from '../alerts/queries';
import type { ChartMarker } from '../charts/levels';
import { formatShort } from '../../lib/dates';
import { failureMessage } from '../../lib/failureMessage';
import { displayUnit } from '../../lib/units';
import { LineChart } from '../charts/LineChart';
import { RangeSelector } from '../charts/RangeSelector';
import { presetRange, type RangePreset, type TimeRange } from '../charts/timeRange';
import { DownloadLink } from '../exports/DownloadLink';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { Modal } from '../modal/Modal';
import { useLocale } from '../../i18n';
import { usePreferences } from '../profile/usePreferences';
import type { Device, Property } from './types';
import { usePropertyHistory } from './usePropertyHistory';
import { useWarningLevels, WarningLevelsEditor } from './WarningLevels';
import './devices.css';

interface Props {
  vesselId: number;
  device: Device;
  property: Property;
  onClose: () => void;
  /** deviceManager MANAGE: the warning levels can be changed. */
  canEditLevels?: boolean;
  /** alertManager VIEW: the alerts of the property are marked on the chart. */
  canSeeAlerts?: boolean;
}

/** The markers in words, for those who do not see the chart. */
function markerSummary(markers: ChartMarker[], t: TFunction<'devices'>): string {
  const raised = markers.filter((marker) => marker.kind === 'raised').length;
  const cleared = markers.length - raised;
  return t('history.markers', { count: raised, cleared });
}

/** A property's history as a chart with its warning levels and the alerts raised on it. */
export function PropertyHistoryModal({ vesselId, device, property, onClose, canEditLevels = false, canSeeAlerts = false }: Props) {
  const { t } = useTranslation('devices');
  const [open, setOpen] = useState(true);
  const [preset, setPreset] = useState<RangePreset | 'CUSTOM'>('24H');
  const [range, setRange] = useState<TimeRange>(() => presetRange('24H', new Date()));
  const { unitSystem, timeFormat, timeZone } = usePreferences();
  const locale = useLocale();
  const { chartRef, history, points } = usePropertyHistory(vesselId, property, range);
  const unit = displayUnit(property.units, unitSystem, property.path);
  const levels = useWarningLevels(vesselId, property, unitSystem);
  const numeric = typeof property.value === 'number' || property.warningLevels !== null;
  const alerts = useQuery({
    ...alertQueries.history({ vesselId, path: property.path, from: range.from, to: range.to }, 0),
    enabled: canSeeAlerts && numeric,
  });
  const markers = useMemo((): ChartMarker[] => {
    const from = Date.parse(range.from);
    const to = Date.parse(range.to);
    const within = (t: number) => t >= from && t <= to;
    return (alerts.data?.content ?? []).flatMap((alert) => {
      const raised: ChartMarker = { t: Date.parse(alert.raisedAt), kind: 'raised', label: t('history.raised', { alarm: alarmText(alert) }) };
      const cleared: ChartMarker[] = alert.clearedAt
        ? [{ t: Date.parse(alert.clearedAt), kind: 'cleared', label: t('history.cleared', { alarm: alarmText(alert) }) }]
        : [];
      return [raised, ...cleared].filter((marker) => within(marker.t));
    });
  }, [alerts.data, range.from, range.to, t]);

  const spanMs = Date.parse(range.to) - Date.parse(range.from);

  return (
    <Modal open={open} title={`${device.name}: ${property.displayName}`} onClose={onClose} dirty={levels.dirty}>
      <RangeSelector
        preset={preset}
        onPreset={(next) => {
          setPreset(next);
          setRange(presetRange(next, new Date()));
        }}
        onCustom={(next) => {
          setPreset('CUSTOM');
          setRange(next);
        }}
      />
      <div ref={chartRef}>
        <DelayedSpinner loading={history.isFetching} label={t('history.loading')} />
        {history.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(history.error, t('history.loadFailed'))}
          </p>
        ) : history.isSuccess ? (
          <LineChart
            points={points}
            unit={unit.unit}
            decimals={unit.decimals}
            label={t('history.chartLabel', { property: property.displayName, device: device.name })}
            formatTime={(time) => formatShort(time, { timeFormat, timeZone, locale, withDate: spanMs > 36 * 3600_000 })}
            levels={numeric ? levels.levels : []}
            onLevelDrag={canEditLevels ? levels.dragLevel : undefined}
            markers={markers}
          />
        ) : null}
      </div>
      {markers.length > 0 ? <p className="muted">{markerSummary(markers, t)}</p> : null}
      {numeric ? <WarningLevelsEditor state={levels} editable={canEditLevels} /> : null}
      <div className="modal__footer">
        <DownloadLink
          path={`vessel/${vesselId}/properties/${property.id}/history.csv`}
          query={() => ({ ...(preset === 'CUSTOM' ? range : presetRange(preset, new Date())), units: unitSystem })}
          label={t('history.download')}
        />
        <button type="button" className="button" onClick={() => setOpen(false)}>
          {t('history.close')}
        </button>
      </div>
    </Modal>
  );
}
