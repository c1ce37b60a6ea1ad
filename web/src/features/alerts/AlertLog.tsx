import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { deviceQueries } from '../devices/queries';
import { SelectField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { memberQueries } from '../members/queries';
import { isCompany, memberName } from '../members/types';
import { useFormatters } from '../profile/usePreferences';
import { sessionQueries } from '../session/queries';
import { vesselKeys } from '../vessels/queries';
import { alertActions, alertQueries } from './queries';
import type { AlertLogAction, AlertLogEntry } from '../../../../contracts/alerts';

/** What the log can be narrowed to: the kinds of entry people look for. */
const SHOWN: Record<string, AlertLogAction[]> = {
  all: [],
  alarms: ['raised', 'escalated', 'rectified', 'cleared'],
  people: ['acknowledged', 'silenced', 'unsilenced'],
  notes: ['note'],
};

const ACTIONS = new Set<string>(['raised', 'changed', 'escalated', 'rectified', 'acknowledged', 'silenced', 'unsilenced', 'cleared', 'note']);

function NoteOn({ vesselId, entry }: { vesselId: number; entry: AlertLogEntry }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => alertActions.addNote(entry.id, text.trim()),
    onSuccess: () => {
      toast.success(t('log.noteAdded'));
      setText('');
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alertLogs') });
    },
    onError: (error) => reportActionFailure(t('log.addingNote'), error),
  });
  return (
    <form
      className="alert-log__note"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) add.mutate();
      }}
    >
      <label className="visually-hidden" htmlFor={`log-note-${entry.id}`}>
        {t('log.noteOn')}
      </label>
      <input
        id={`log-note-${entry.id}`}
        className="input"
        value={text}
        maxLength={5000}
        placeholder={t('log.notePlaceholder')}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--small" disabled={add.isPending || !text.trim()}>
        {t('log.addNote')}
      </button>
    </form>
  );
}

/** A device's alert log (POST devices/alertLogs/page, a page at a time): who did what to its alerts, and when; notes for alertManager MANAGE. */
export function AlertLog({
  vesselId,
  canManage,
  canSeeMembers,
  canSeeDevices = true,
}: {
  vesselId: number;
  canManage: boolean;
  canSeeMembers: boolean;
  canSeeDevices?: boolean;
}) {
  const format = useFormatters();
  const { t } = useTranslation('alerts');
  const devices = useQuery({ ...deviceQueries.list(vesselId), enabled: canSeeDevices });
  const [chosen, setChosen] = useState('');
  const [shown, setShown] = useState('all');
  const deviceId = chosen ? Number(chosen) : (devices.data?.[0]?.id ?? null);
  const log = useInfiniteQuery({ ...alertQueries.deviceLogPages(vesselId, deviceId ?? 0, SHOWN[shown]), enabled: deviceId !== null });
  const entries = log.data?.pages.flatMap((page) => page.content) ?? [];
  const device = devices.data?.find((candidate) => candidate.id === deviceId);
  // The property's name as the Devices tab shows it, not its Signal K path.
  const propertyName = (path: string) =>
    device?.properties.find((property) => property.path === path || `notifications.${property.path}` === path)?.displayName ?? path;
  const me = useQuery(sessionQueries.user()).data;
  const directory = useQuery({ ...memberQueries.directory(vesselId), enabled: canSeeMembers });

  const who = (userId: number | null) => {
    if (userId === null) return t('log.system');
    if (me && me.id === userId) return t('log.you');
    const member = directory.data?.find((candidate) => !isCompany(candidate) && candidate.userId === userId);
    return member ? memberName(member) : t('log.member', { id: userId });
  };
  // Notes go after the newest entry of each alert.
  const newestOfAlert = new Set<number>();
  const seen = new Set<number>();
  for (const entry of entries) {
    if (!seen.has(entry.alertId)) newestOfAlert.add(entry.id);
    seen.add(entry.alertId);
  }

  return (
    <section aria-labelledby="alert-log-title" className="alerts__section">
      <h2 id="alert-log-title">{t('log.title')}</h2>
      {!canSeeDevices ? <p className="notice">{t('log.needsDevices')}</p> : null}
      {devices.isSuccess && devices.data.length === 0 ? <p className="empty-state">{t('log.noDevices')}</p> : null}
      {devices.data && devices.data.length > 0 ? (
        <SelectField
          label={t('log.device')}
          value={deviceId === null ? '' : String(deviceId)}
          options={devices.data.map((device) => ({ value: String(device.id), label: device.name }))}
          onChange={(event) => setChosen(event.target.value)}
        />
      ) : null}
      {devices.data && devices.data.length > 0 ? (
        <SelectField
          label={t('log.show')}
          value={shown}
          options={Object.keys(SHOWN).map((value) => ({ value, label: t(`log.shown.${value}`) }))}
          onChange={(event) => setShown(event.target.value)}
        />
      ) : null}
      <DelayedSpinner loading={(canSeeDevices && devices.isPending) || (log.isFetching && !log.isFetchingNextPage)} label={t('log.loading')} />
      {devices.isError || (log.isError && !log.isFetchNextPageError) ? (
        <p className="form-error" role="alert">
          {t('log.loadFailed')}
        </p>
      ) : null}
      {log.isSuccess && entries.length === 0 ? <p className="empty-state">{shown === 'all' ? t('log.nothing') : t(`log.empty.${shown}`)}</p> : null}
      <ol className="alert-log" aria-label={t('log.entries')}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <p>
              <strong>{format.dateTime(entry.at)}</strong> · {who(entry.userId)} ·{' '}
              {entry.action === 'note'
                ? t('log.note', { text: entry.messageText })
                : ACTIONS.has(entry.action)
                  ? t(`log.actions.${entry.action}`, { property: propertyName(entry.path) })
                  : `${propertyName(entry.path)} ${entry.action}`}
            </p>
            {entry.action !== 'note' && entry.messageText ? <p className="muted">{entry.messageText}</p> : null}
            {canManage && newestOfAlert.has(entry.id) ? <NoteOn vesselId={vesselId} entry={entry} /> : null}
          </li>
        ))}
      </ol>
      {log.isFetchNextPageError ? (
        <p className="form-error" role="alert">
          {t('log.olderFailed')}
        </p>
      ) : null}
      {log.hasNextPage ? (
        <button type="button" className="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? t('log.loadingOlder') : t('log.showOlder')}
        </button>
      ) : null}
    </section>
  );
}
