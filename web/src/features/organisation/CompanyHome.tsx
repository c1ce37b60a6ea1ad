import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n, labelsOf } from '../../i18n';
import { failureMessage } from '../../lib/failureMessage';
import type { FleetMapVessel } from '../location/FleetMap';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ModelPicture } from '../models/ModelPicture';
import { useFormatters } from '../profile/usePreferences';
import { ServiceRequestsSection } from '../service/ServiceRequests';
import { OnlineState } from '../vessels/OnlineState';
import { CompanyInvitations } from './CompanyInvitations';
import { organisationQueries } from './queries';
import { grantSummary, type FleetVessel, type ModelStats } from './types';
import './organisation.css';

const FleetMap = lazy(() =>
  import('../location/FleetMap').then(
    (module) => ({ default: module.FleetMap }),
    (error: unknown) => {
      console.error('The fleet map could not be loaded', error);
      return { default: () => <p className="form-error">{i18n.t('organisation:fleet.mapFailed')}</p> };
    },
  ),
);

/** The vessel's cloud services; whether it is online is the State column, its alarms the Alarms column. */
const SERVICES_LABEL: Record<FleetVessel['bannerState'], string> = labelsOf(['NOT_PAIRED', 'NO_SUBSCRIPTION', 'OFFLINE', 'OK'], (state) =>
  i18n.t(`organisation:fleet.services.${state}`),
);

export type SortKey = 'attention' | 'name' | 'owner' | 'alerts';
type StateFilter = 'all' | 'alerts' | 'offline' | 'online';

/** The columns of the fleet and models tables, in order (their headings are `fleet.columns.*` and `models.columns.*`). */
const FLEET_COLUMNS = ['vessel', 'owner', 'state', 'services', 'alarms', 'access'] as const;
const MODEL_COLUMNS = ['model', 'vessels', 'emergency', 'alarm', 'warning', 'caution'] as const;

/** Vessels needing the company first: active alarms, then offline, then by name. */
const attention = (v: FleetVessel) => (v.activeAlertCount ?? 0) * 10 + (v.online ? 0 : 1);

export function sortVessels(vessels: FleetVessel[], key: SortKey): FleetVessel[] {
  const byName = (a: FleetVessel, b: FleetVessel) => a.name.localeCompare(b.name);
  const compare: Record<SortKey, (a: FleetVessel, b: FleetVessel) => number> = {
    attention: (a, b) => attention(b) - attention(a) || byName(a, b),
    name: byName,
    owner: (a, b) => a.ownerName.localeCompare(b.ownerName) || byName(a, b),
    alerts: (a, b) => (b.activeAlertCount ?? 0) - (a.activeAlertCount ?? 0) || byName(a, b),
  };
  return [...vessels].sort(compare[key]);
}

/** The home of a company's staff: the vessels owners let the company reach, with what needs attention first, and the map. */
export function CompanyFleetSection({ companyName, embedded = false }: { companyName: string; embedded?: boolean }) {
  const { t } = useTranslation('organisation');
  const fleet = useQuery({ ...organisationQueries.fleet(), refetchInterval: 15_000 });
  const format = useFormatters();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [sort, setSort] = useState<SortKey>('attention');
  const vessels = useMemo(() => fleet.data?.vessels ?? [], [fleet.data]);
  const shown = useMemo(() => {
    const term = text.trim().toLowerCase();
    const filtered = vessels.filter(
      (v) =>
        (!term || `${v.name} ${v.ownerName}`.toLowerCase().includes(term)) &&
        (state === 'all' || (state === 'alerts' ? (v.activeAlertCount ?? 0) > 0 : state === 'online' ? v.online : !v.online)),
    );
    return sortVessels(filtered, sort);
  }, [vessels, text, state, sort]);
  const placed: FleetMapVessel[] = vessels.flatMap((v) =>
    v.position
      ? [{ id: v.id, name: v.name, online: v.online, lat: v.position.lat, lon: v.position.lon, reportedAt: format.dateTime(v.position.timestamp) }]
      : [],
  );
  const online = vessels.filter((v) => v.online).length;
  const alerts = vessels.reduce((sum, v) => sum + (v.activeAlertCount ?? 0), 0);

  // Below a manufacturer's models, the fleet shows only when owners gave the company access.
  if (embedded && (!fleet.isSuccess || vessels.length === 0)) return null;
  const Title = embedded ? 'h2' : 'h1';
  return (
    <>
      <header className="page__header">
        <div>
          <Title>{t('fleet.title', { company: companyName })}</Title>
          {fleet.isSuccess ? (
            <p className="muted">
              {[t('fleet.vesselCount', { count: vessels.length }), t('fleet.onlineCount', { count: online }), t('fleet.alarmCount', { count: alerts })].join(
                ' · ',
              )}
            </p>
          ) : null}
        </div>
        <span className="button-row">
          <Link to="/dashboard/organisation/services" className="button">
            {t('fleet.servicesDue')}
          </Link>
          <Link to="/dashboard/organisation/clients" className="button button--primary">
            {t('fleet.clients')}
          </Link>
        </span>
      </header>
      {embedded ? null : <ServiceRequestsSection />}
      <DelayedSpinner loading={fleet.isPending} label={t('fleet.loading')} />
      {fleet.isError ? (
        <div className="card" role="alert">
          <p className="form-error">{failureMessage(fleet.error, t('fleet.failed'))}</p>
          <button type="button" className="button" onClick={() => void fleet.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : null}
      {fleet.isSuccess && vessels.length === 0 ? <p className="empty-state card">{t('fleet.empty', { company: companyName })}</p> : null}
      {fleet.isSuccess && vessels.length > 0 ? (
        <section className="card" aria-labelledby="company-fleet-title">
          <h2 id="company-fleet-title" className="visually-hidden">
            {t('fleet.vessels')}
          </h2>
          <div className="org-filters">
            <label className="field">
              <span className="field__label">{t('fleet.find')}</span>
              <input className="input" type="search" placeholder={t('fleet.findPlaceholder')} value={text} onChange={(event) => setText(event.target.value)} />
            </label>
            <label className="field">
              <span className="field__label">{t('fleet.show')}</span>
              <select className="input" value={state} onChange={(event) => setState(event.target.value as StateFilter)}>
                {(['all', 'alerts', 'offline', 'online'] as const).map((filter) => (
                  <option key={filter} value={filter}>
                    {t(`fleet.filters.${filter}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">{t('fleet.sortBy')}</span>
              <select className="input" value={sort} onChange={(event) => setSort(event.target.value as SortKey)}>
                {(['attention', 'name', 'owner', 'alerts'] as const).map((key) => (
                  <option key={key} value={key}>
                    {t(`fleet.sorts.${key}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="table-scroll">
            <table className="table org-table" aria-label={t('fleet.table')}>
              <thead>
                <tr>
                  {FLEET_COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {t(`fleet.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((v) => (
                  <tr key={v.id}>
                    <td data-label={t('fleet.columns.vessel')}>
                      <Link to="/dashboard/vessels/$vesselId/overview" params={{ vesselId: v.id }}>
                        {v.name}
                      </Link>
                      {v.paused ? <span className="chip chip--warning org-chip">{t('fleet.paused')}</span> : null}
                    </td>
                    <td data-label={t('fleet.columns.owner')}>{v.ownerName}</td>
                    <td data-label={t('fleet.columns.state')}>
                      <OnlineState online={v.online} lastSeen={v.lastSeen} />
                    </td>
                    <td data-label={t('fleet.columns.services')}>{SERVICES_LABEL[v.bannerState]}</td>
                    <td data-label={t('fleet.columns.alarms')} className={(v.activeAlertCount ?? 0) > 0 ? 'text-critical' : undefined}>
                      {v.activeAlertCount === null
                        ? '—'
                        : v.activeAlertCount > 0
                          ? t('fleet.activeAlarms', { count: v.activeAlertCount })
                          : t('fleet.noAlarms')}
                    </td>
                    <td data-label={t('fleet.columns.access')} className="org-access">
                      {grantSummary(v.permissions)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown.length === 0 ? <p className="empty-state">{t('fleet.noMatch')}</p> : null}
          {fleet.data.staff.length > 0 ? <p className="muted">{t('fleet.staff', { names: fleet.data.staff.map((s) => s.name).join(', ') })}</p> : null}
        </section>
      ) : null}
      {fleet.isSuccess && vessels.length > 0 ? (
        <section className="card fleet-positions" aria-labelledby="company-map-title">
          <h2 id="company-map-title">{t('fleet.mapTitle')}</h2>
          <Suspense fallback={<div className="vessel-map vessel-map__canvas" aria-busy="true" />}>
            <FleetMap vessels={placed} onOpen={(vesselId) => void navigate({ to: '/dashboard/vessels/$vesselId/location', params: { vesselId } })} />
          </Suspense>
        </section>
      ) : null}
    </>
  );
}

function ModelVessels({ model }: { model: ModelStats }) {
  const { t } = useTranslation('organisation');
  const vessels = useQuery(organisationQueries.modelVessels(model.modelId));
  if (vessels.isPending) return <p className="muted">{t('common.loadingVessels')}</p>;
  if (vessels.isError) return <p className="form-error">{t('models.vesselsFailed', { model: model.name })}</p>;
  if (vessels.data.length === 0) return <p className="muted">{t('models.noVessels', { model: model.name })}</p>;
  return (
    <ul className="list">
      {vessels.data.map((v) => (
        <li key={v.id} className="list__item">
          <Link to="/dashboard/models/$modelId/vessels/$vesselId" params={{ modelId: model.modelId, vesselId: v.id }} className="org-model-vessel">
            {v.name}
          </Link>
          <OnlineState online={v.online} lastSeen={v.lastSeen} />
          <span className="muted">
            {t('models.vesselAlarms', { critical: v.alarms.emergency + v.alarms.alarm, warnings: v.alarms.warning + v.alarms.caution })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A manufacturer's models: the vessels built on each whose owners consented, and their alarms of the last 30 days. */
export function ManufacturerModels() {
  const { t } = useTranslation('organisation');
  const models = useQuery(organisationQueries.models());
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  // The first model with consenting vessels is open until the user picks another.
  const open = chosen === undefined ? (models.data?.find((m) => m.vesselCount > 0)?.modelId ?? null) : chosen;
  const setOpen = setChosen;
  return (
    <section className="card" aria-labelledby="models-title">
      <h2 id="models-title">{t('models.title')}</h2>
      <p className="muted">{t('models.counted')}</p>
      <DelayedSpinner loading={models.isPending} label={t('models.loading')} />
      {models.isError ? <p className="form-error">{t('models.failed')}</p> : null}
      {models.isSuccess && models.data.length === 0 ? <p className="empty-state">{t('models.empty')}</p> : null}
      {models.isSuccess && models.data.length > 0 ? (
        <div className="table-scroll">
          <table className="table org-table" aria-label={t('models.table')}>
            <thead>
              <tr>
                {MODEL_COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {t(`models.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {models.data.map((m) => (
                <tr key={m.modelId}>
                  <td data-label={t('models.columns.model')}>
                    <span className="org-model-cell">
                      <ModelPicture url={m.imageUrl} />
                      <button
                        type="button"
                        className="link-button"
                        aria-expanded={open === m.modelId}
                        onClick={() => setOpen(open === m.modelId ? null : m.modelId)}
                      >
                        {m.name}
                      </button>
                    </span>
                  </td>
                  <td data-label={t('models.columns.vessels')}>{m.vesselCount}</td>
                  <td data-label={t('models.columns.emergency')}>{m.alarms.emergency}</td>
                  <td data-label={t('models.columns.alarm')}>{m.alarms.alarm}</td>
                  <td data-label={t('models.columns.warning')}>{m.alarms.warning}</td>
                  <td data-label={t('models.columns.caution')}>{m.alarms.caution}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {open !== null && models.data ? (
        <div className="org-model-vessels">
          <h3>{t('models.builtOn', { model: models.data.find((m) => m.modelId === open)?.name })}</h3>
          <ModelVessels model={models.data.find((m) => m.modelId === open)!} />
        </div>
      ) : null}
    </section>
  );
}

/** The dashboard home of a staff member: the company fleet, and a manufacturer's models. */
export function CompanyHome({ companyName, companyKind }: { companyName: string; companyKind: string | null }) {
  return (
    <div className="page">
      <CompanyInvitations />
      {companyKind === 'manufacturer' ? (
        <>
          <header className="page__header">
            <h1>{companyName}</h1>
          </header>
          <ManufacturerModels />
          <CompanyFleetSection companyName={companyName} embedded />
        </>
      ) : (
        <CompanyFleetSection companyName={companyName} />
      )}
    </div>
  );
}
