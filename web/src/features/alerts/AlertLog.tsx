import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const ACTION_WORDS: Record<AlertLogAction, string> = {
  raised: 'raised',
  changed: 'changed',
  escalated: 'escalated (needs acknowledging again)',
  rectified: 'rectified (condition cleared, not acknowledged)',
  acknowledged: 'acknowledged',
  silenced: 'silenced',
  unsilenced: 'sounding again after its silence',
  cleared: 'cleared',
  note: 'note',
};

/** What the log can be narrowed to: the kinds of entry people look for. */
const SHOWN: Record<string, { label: string; actions: AlertLogAction[] }> = {
  all: { label: 'Everything', actions: [] },
  alarms: { label: 'Raised and cleared', actions: ['raised', 'escalated', 'rectified', 'cleared'] },
  people: { label: 'Acknowledged and silenced', actions: ['acknowledged', 'silenced', 'unsilenced'] },
  notes: { label: 'Notes', actions: ['note'] },
};

function NoteOn({ vesselId, entry }: { vesselId: number; entry: AlertLogEntry }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => alertActions.addNote(entry.id, text.trim()),
    onSuccess: () => {
      toast.success('Note added');
      setText('');
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'alertLogs') });
    },
    onError: (error) => reportActionFailure('Adding the note', error),
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
        Note on this alert
      </label>
      <input
        id={`log-note-${entry.id}`}
        className="input"
        value={text}
        maxLength={5000}
        placeholder="Add a note"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--small" disabled={add.isPending || !text.trim()}>
        Add note
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
  const devices = useQuery({ ...deviceQueries.list(vesselId), enabled: canSeeDevices });
  const [chosen, setChosen] = useState('');
  const [shown, setShown] = useState('all');
  const deviceId = chosen ? Number(chosen) : (devices.data?.[0]?.id ?? null);
  const log = useInfiniteQuery({ ...alertQueries.deviceLogPages(vesselId, deviceId ?? 0, SHOWN[shown].actions), enabled: deviceId !== null });
  const entries = log.data?.pages.flatMap((page) => page.content) ?? [];
  const device = devices.data?.find((candidate) => candidate.id === deviceId);
  // The property's name as the Devices tab shows it, not its Signal K path.
  const propertyName = (path: string) =>
    device?.properties.find((property) => property.path === path || `notifications.${property.path}` === path)?.displayName ?? path;
  const me = useQuery(sessionQueries.user()).data;
  const directory = useQuery({ ...memberQueries.directory(vesselId), enabled: canSeeMembers });

  const who = (userId: number | null) => {
    if (userId === null) return 'System';
    if (me && me.id === userId) return 'You';
    const member = directory.data?.find((candidate) => !isCompany(candidate) && candidate.userId === userId);
    return member ? memberName(member) : `Member #${userId}`;
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
      <h2 id="alert-log-title">Alert log</h2>
      {!canSeeDevices ? <p className="notice">The alert log is kept per device; seeing the devices needs device manager VIEW.</p> : null}
      {devices.isSuccess && devices.data.length === 0 ? <p className="empty-state">This vessel has no devices yet, so no alert log.</p> : null}
      {devices.data && devices.data.length > 0 ? (
        <SelectField
          label="Device"
          value={deviceId === null ? '' : String(deviceId)}
          options={devices.data.map((device) => ({ value: String(device.id), label: device.name }))}
          onChange={(event) => setChosen(event.target.value)}
        />
      ) : null}
      {devices.data && devices.data.length > 0 ? (
        <SelectField
          label="Show"
          value={shown}
          options={Object.entries(SHOWN).map(([value, { label }]) => ({ value, label }))}
          onChange={(event) => setShown(event.target.value)}
        />
      ) : null}
      <DelayedSpinner loading={(canSeeDevices && devices.isPending) || (log.isFetching && !log.isFetchingNextPage)} label="Loading the alert log…" />
      {devices.isError || (log.isError && !log.isFetchNextPageError) ? (
        <p className="form-error" role="alert">
          The alert log could not be loaded.
        </p>
      ) : null}
      {log.isSuccess && entries.length === 0 ? (
        <p className="empty-state">
          {shown === 'all' ? "Nothing has happened to this device's alerts yet." : `No entries of this kind (${SHOWN[shown].label.toLowerCase()}).`}
        </p>
      ) : null}
      <ol className="alert-log" aria-label="Alert log entries">
        {entries.map((entry) => (
          <li key={entry.id}>
            <p>
              <strong>{format.dateTime(entry.at)}</strong> · {who(entry.userId)} ·{' '}
              {entry.action === 'note' ? `note: ${entry.messageText}` : `${propertyName(entry.path)} ${ACTION_WORDS[entry.action] ?? entry.action}`}
            </p>
            {entry.action !== 'note' && entry.messageText ? <p className="muted">{entry.messageText}</p> : null}
            {canManage && newestOfAlert.has(entry.id) ? <NoteOn vesselId={vesselId} entry={entry} /> : null}
          </li>
        ))}
      </ol>
      {log.isFetchNextPageError ? (
        <p className="form-error" role="alert">
          The older entries could not be loaded.
        </p>
      ) : null}
      {log.hasNextPage ? (
        <button type="button" className="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading older entries…' : 'Show older entries'}
        </button>
      ) : null}
    </section>
  );
}
