import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { RetryButton } from '../errors/RetryButton';
import { SelectField, TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { Modal } from '../modal/Modal';
import { useFormatters } from '../profile/usePreferences';
import type { Controller } from '../../../../contracts/bridge';
import { BRIDGE_LOG_LEVELS, bridgeActions, bridgeQueries } from './queries';
import { i18n } from '../../i18n';
import './bridge.css';

/**
 * The vessel's bridge as its owner or technician runs it (docs/api.md, "Vessel bridge" and
 * "Sources"): reboot it, change how much it logs, and choose which of its Signal K sources are
 * kept and which feed the track. Changing needs deviceManager MANAGE (and device control for the
 * bridge's own actions); seeing needs VIEW.
 */
export function BridgeSection({ vesselId, serial, canManage, canControl }: { vesselId: number; serial: string; canManage: boolean; canControl: boolean }) {
  const { t } = useTranslation('bridge');
  return (
    <section className="card bridge-section" aria-labelledby="bridge-title">
      <h2 id="bridge-title">{t('section.title', { serial })}</h2>
      {canControl ? <BridgeActions vesselId={vesselId} /> : null}
      <Controllers vesselId={vesselId} />
      <MessageSources vesselId={vesselId} canManage={canManage} />
      <LocationSources vesselId={vesselId} canManage={canManage} />
    </section>
  );
}

function BridgeActions({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('bridge');
  const [rebooting, setRebooting] = useState(false);
  const [level, setLevel] = useState<string>('info');
  const logLevel = useMutation({
    mutationFn: () => bridgeActions.setLogLevel(vesselId, level),
    onSuccess: () => toast.success(t('actions.levelSet', { level: t(`actions.levels.${level}`, { defaultValue: level }) })),
    onError: (error) => reportActionFailure(t('actions.settingLevel'), error),
  });
  return (
    <div className="bridge-section__actions">
      <form
        className="bridge-section__level"
        onSubmit={(event) => {
          event.preventDefault();
          logLevel.mutate();
        }}
      >
        <SelectField
          label={t('actions.level')}
          value={level}
          options={BRIDGE_LOG_LEVELS.map((value) => ({ value, label: t(`actions.levels.${value}`) }))}
          onChange={(event) => setLevel(event.target.value)}
        />
        <button type="submit" className="button" disabled={logLevel.isPending}>
          {logLevel.isPending ? t('actions.asking') : t('actions.setLevel')}
        </button>
      </form>
      <button type="button" className="button button--danger" onClick={() => setRebooting(true)}>
        {t('reboot.title')}
      </button>
      {rebooting ? <RebootModal vesselId={vesselId} onClose={() => setRebooting(false)} /> : null}
    </div>
  );
}

function RebootModal({ vesselId, onClose }: { vesselId: number; onClose: () => void }) {
  const { t } = useTranslation('bridge');
  const [open, setOpen] = useState(true);
  const [password, setPassword] = useState('');
  const reboot = useMutation({
    mutationFn: () => bridgeActions.reboot(vesselId, password),
    onSuccess: () => {
      toast.success(t('reboot.asked'));
      setOpen(false);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) reboot.mutate();
  };
  return (
    <Modal
      open={open}
      title={t('reboot.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('reboot.cancel')}
          </button>
          <button type="submit" form="bridge-reboot" className="button button--danger" disabled={!password || reboot.isPending}>
            {reboot.isPending ? t('actions.asking') : t('reboot.reboot')}
          </button>
        </>
      }
    >
      <form id="bridge-reboot" className="form" onSubmit={submit}>
        <p>{t('reboot.text')}</p>
        <TextField
          label={t('reboot.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={t('reboot.passwordHint')}
          error={reboot.isError ? failureMessage(reboot.error, t('reboot.failed')) : undefined}
        />
      </form>
    </Modal>
  );
}

const controllerType = (type: Controller['type']) => i18n.t(`bridge:controllers.types.${type}`);

/** What can control the vessel's devices: the cloud, and what the bridge last saw on board. */
function Controllers({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('bridge');
  const format = useFormatters();
  const controllers = useQuery(bridgeQueries.controllers(vesselId));
  const onBoard = controllers.data?.filter((c) => c.type !== 'Cloud') ?? [];
  return (
    <div>
      <h3>{t('controllers.title')}</h3>
      <p className="muted">{t('controllers.intro')}</p>
      <DelayedSpinner loading={controllers.isPending} label={t('controllers.loading')} />
      {controllers.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(controllers.error, t('controllers.loadFailed'))} <RetryButton error={controllers.error} onRetry={() => controllers.refetch()} />
        </p>
      ) : null}
      {controllers.isSuccess ? (
        <ul className="list" aria-label={t('controllers.title')}>
          {controllers.data.map((controller) => (
            <li key={controller.id} className="list__item">
              <span>
                <span className={`badge controller-type controller-type--${controller.type.toLowerCase()}`}>{controllerType(controller.type)}</span>{' '}
                {controller.name}
              </span>
              {controller.reportedAt ? <span className="muted">{t('controllers.reported', { time: format.dateTime(controller.reportedAt) })}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {controllers.isSuccess && onBoard.length === 0 ? <p className="empty-state">{t('controllers.noneOnBoard')}</p> : null}
    </div>
  );
}

function MessageSources({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const { t } = useTranslation('bridge');
  const queryClient = useQueryClient();
  const format = useFormatters();
  const sources = useQuery(bridgeQueries.messageSources(vesselId));
  const change = useMutation({
    mutationFn: ({ uid, enabled }: { uid: string; enabled: boolean }) => bridgeActions.setMessageSource(vesselId, uid, enabled),
    onSuccess: (_data, { uid, enabled }) => {
      toast.success(enabled ? t('messages.kept', { uid }) : t('messages.ignored', { uid }));
      return queryClient.invalidateQueries({ queryKey: bridgeQueries.messageSources(vesselId).queryKey });
    },
    onError: (error) => reportActionFailure(t('messages.changing'), error),
  });
  return (
    <div>
      <h3>{t('messages.title')}</h3>
      <p className="muted">{t('messages.intro')}</p>
      <DelayedSpinner loading={sources.isPending} label={t('messages.loading')} />
      {sources.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(sources.error, t('messages.loadFailed'))} <RetryButton error={sources.error} onRetry={() => sources.refetch()} />
        </p>
      ) : null}
      {sources.isSuccess && sources.data.length === 0 ? <p className="empty-state">{t('messages.empty')}</p> : null}
      {sources.isSuccess && sources.data.length > 0 ? (
        <ul className="list" aria-label={t('messages.title')}>
          {sources.data.map((source) => (
            <li key={source.uid} className="list__item">
              <label>
                <input
                  type="checkbox"
                  checked={source.enabled}
                  disabled={!canManage || change.isPending}
                  onChange={(event) => change.mutate({ uid: source.uid, enabled: event.target.checked })}
                />{' '}
                <code>{source.uid}</code> <span className="muted">({source.bus})</span>
              </label>
              <span className="muted">{t('messages.lastHeard', { time: format.dateTime(source.lastSeen) })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function LocationSources({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const { t } = useTranslation('bridge');
  const queryClient = useQueryClient();
  const format = useFormatters();
  const sources = useQuery(bridgeQueries.locationSources(vesselId));
  const change = useMutation({
    mutationFn: (uids: string[]) => bridgeActions.setLocationSources(vesselId, uids),
    onSuccess: () => {
      toast.success(t('positions.saved'));
      return queryClient.invalidateQueries({ queryKey: bridgeQueries.locationSources(vesselId).queryKey });
    },
    onError: (error) => reportActionFailure(t('positions.choosing'), error),
  });
  const toggle = (uid: string, on: boolean) => {
    const enabled = new Set((sources.data ?? []).filter((source) => source.enabled).map((source) => source.uid));
    if (on) enabled.add(uid);
    else enabled.delete(uid);
    change.mutate([...enabled]);
  };
  return (
    <div>
      <h3>{t('positions.title')}</h3>
      <p className="muted">{t('positions.intro')}</p>
      <DelayedSpinner loading={sources.isPending} label={t('positions.loading')} />
      {sources.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(sources.error, t('positions.loadFailed'))} <RetryButton error={sources.error} onRetry={() => sources.refetch()} />
        </p>
      ) : null}
      {sources.isSuccess && sources.data.length === 0 ? <p className="empty-state">{t('positions.empty')}</p> : null}
      {sources.isSuccess && sources.data.length > 0 ? (
        <ul className="list" aria-label={t('positions.title')}>
          {sources.data.map((source) => (
            <li key={source.uid} className="list__item">
              <label>
                <input
                  type="checkbox"
                  checked={source.enabled}
                  disabled={!canManage || change.isPending}
                  onChange={(event) => toggle(source.uid, event.target.checked)}
                />{' '}
                <code>{source.uid}</code> <span className="muted">({source.bus})</span>
              </label>
              <span className="muted">{t('positions.lastPosition', { time: format.dateTime(source.lastSeen) })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
