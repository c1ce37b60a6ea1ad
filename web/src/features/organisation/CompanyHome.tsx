import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
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
      return { default: () => <p className="form-error">The map could not be loaded. Reload the page to try again.</p> };
    },
  ),
);

/** The vessel's cloud services; whether it is online is the State column, its alarms the Alarms column. */
const SERVICES_LABEL: Record<FleetVessel['bannerState'], string> = {
  NOT_PAIRED: 'Not paired',
  NO_SUBSCRIPTION: 'No active services',
  OFFLINE: 'Active',
  OK: 'Active',
};

export type SortKey = 'attention' | 'name' | 'owner' | 'alerts';
type StateFilter = 'all' | 'alerts' | 'offline' | 'online';

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
          <Title>{companyName} fleet</Title>
          {fleet.isSuccess ? (
            <p className="muted">
              {vessels.length} {vessels.length === 1 ? 'vessel' : 'vessels'} · {online} online · {alerts} active {alerts === 1 ? 'alarm' : 'alarms'}
            </p>
          ) : null}
        </div>
        <span className="button-row">
          <Link to="/dashboard/organisation/services" className="button">
            Services due
          </Link>
          <Link to="/dashboard/organisation/clients" className="button button--primary">
            Clients
          </Link>
        </span>
      </header>
      {embedded ? null : <ServiceRequestsSection />}
      <DelayedSpinner loading={fleet.isPending} label="Loading the company fleet…" />
      {fleet.isError ? (
        <div className="card" role="alert">
          <p className="form-error">{failureMessage(fleet.error, 'The company fleet could not be loaded.')}</p>
          <button type="button" className="button" onClick={() => void fleet.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {fleet.isSuccess && vessels.length === 0 ? (
        <p className="empty-state card">
          No vessel is open to {companyName} at the moment: owners give access, for as long as they choose, on their vessel’s Users tab.
        </p>
      ) : null}
      {fleet.isSuccess && vessels.length > 0 ? (
        <section className="card" aria-labelledby="company-fleet-title">
          <h2 id="company-fleet-title" className="visually-hidden">
            Vessels
          </h2>
          <div className="org-filters">
            <label className="field">
              <span className="field__label">Find</span>
              <input className="input" type="search" placeholder="Vessel or owner" value={text} onChange={(event) => setText(event.target.value)} />
            </label>
            <label className="field">
              <span className="field__label">Show</span>
              <select className="input" value={state} onChange={(event) => setState(event.target.value as StateFilter)}>
                <option value="all">All vessels</option>
                <option value="alerts">With active alarms</option>
                <option value="offline">Offline</option>
                <option value="online">Online</option>
              </select>
            </label>
            <label className="field">
              <span className="field__label">Sort by</span>
              <select className="input" value={sort} onChange={(event) => setSort(event.target.value as SortKey)}>
                <option value="attention">Needs attention first</option>
                <option value="name">Vessel name</option>
                <option value="owner">Owner</option>
                <option value="alerts">Active alarms</option>
              </select>
            </label>
          </div>
          <div className="table-scroll">
            <table className="table org-table" aria-label="Company fleet">
              <thead>
                <tr>
                  <th scope="col">Vessel</th>
                  <th scope="col">Owner</th>
                  <th scope="col">State</th>
                  <th scope="col">Services</th>
                  <th scope="col">Alarms</th>
                  <th scope="col">Access</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((v) => (
                  <tr key={v.id}>
                    <td data-label="Vessel">
                      <Link to="/dashboard/vessels/$vesselId/overview" params={{ vesselId: v.id }}>
                        {v.name}
                      </Link>
                      {v.paused ? <span className="chip chip--warning org-chip">Paused by the owner</span> : null}
                    </td>
                    <td data-label="Owner">{v.ownerName}</td>
                    <td data-label="State">
                      <OnlineState online={v.online} lastSeen={v.lastSeen} />
                    </td>
                    <td data-label="Services">{SERVICES_LABEL[v.bannerState]}</td>
                    <td data-label="Alarms" className={(v.activeAlertCount ?? 0) > 0 ? 'text-critical' : undefined}>
                      {v.activeAlertCount === null ? '—' : v.activeAlertCount > 0 ? `${v.activeAlertCount} active` : 'None'}
                    </td>
                    <td data-label="Access" className="org-access">
                      {grantSummary(v.permissions)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown.length === 0 ? <p className="empty-state">No vessel matches.</p> : null}
          {fleet.data.staff.length > 0 ? (
            <p className="muted">Working on these vessels for the company: {fleet.data.staff.map((s) => s.name).join(', ')}</p>
          ) : null}
        </section>
      ) : null}
      {fleet.isSuccess && vessels.length > 0 ? (
        <section className="card fleet-positions" aria-labelledby="company-map-title">
          <h2 id="company-map-title">Where the vessels are</h2>
          <Suspense fallback={<div className="vessel-map vessel-map__canvas" aria-busy="true" />}>
            <FleetMap vessels={placed} onOpen={(vesselId) => void navigate({ to: '/dashboard/vessels/$vesselId/location', params: { vesselId } })} />
          </Suspense>
        </section>
      ) : null}
    </>
  );
}

function ModelVessels({ model }: { model: ModelStats }) {
  const vessels = useQuery(organisationQueries.modelVessels(model.modelId));
  if (vessels.isPending) return <p className="muted">Loading vessels…</p>;
  if (vessels.isError) return <p className="form-error">The vessels of {model.name} could not be loaded.</p>;
  if (vessels.data.length === 0) return <p className="muted">No owner of this model ({model.name}) has shared their vessel with you yet.</p>;
  return (
    <ul className="list">
      {vessels.data.map((v) => (
        <li key={v.id} className="list__item">
          <Link to="/dashboard/models/$modelId/vessels/$vesselId" params={{ modelId: model.modelId, vesselId: v.id }} className="org-model-vessel">
            {v.name}
          </Link>
          <OnlineState online={v.online} lastSeen={v.lastSeen} />
          <span className="muted">
            Alarms in 30 days: {v.alarms.emergency + v.alarms.alarm} critical, {v.alarms.warning + v.alarms.caution} warnings
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A manufacturer's models: the vessels built on each whose owners consented, and their alarms of the last 30 days. */
export function ManufacturerModels() {
  const models = useQuery(organisationQueries.models());
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  // The first model with consenting vessels is open until the user picks another.
  const open = chosen === undefined ? (models.data?.find((m) => m.vesselCount > 0)?.modelId ?? null) : chosen;
  const setOpen = setChosen;
  return (
    <section className="card" aria-labelledby="models-title">
      <h2 id="models-title">Your vessel models</h2>
      <p className="muted">Only vessels whose owners let their manufacturer see them are counted.</p>
      <DelayedSpinner loading={models.isPending} label="Loading models…" />
      {models.isError ? <p className="form-error">The models could not be loaded.</p> : null}
      {models.isSuccess && models.data.length === 0 ? <p className="empty-state">No vessel models yet. An administrator adds them.</p> : null}
      {models.isSuccess && models.data.length > 0 ? (
        <div className="table-scroll">
          <table className="table org-table" aria-label="Vessel models and alarms of the last 30 days">
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Vessels</th>
                <th scope="col">Emergency</th>
                <th scope="col">Alarm</th>
                <th scope="col">Warning</th>
                <th scope="col">Caution</th>
              </tr>
            </thead>
            <tbody>
              {models.data.map((m) => (
                <tr key={m.modelId}>
                  <td data-label="Model">
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
                  <td data-label="Vessels">{m.vesselCount}</td>
                  <td data-label="Emergency">{m.alarms.emergency}</td>
                  <td data-label="Alarm">{m.alarms.alarm}</td>
                  <td data-label="Warning">{m.alarms.warning}</td>
                  <td data-label="Caution">{m.alarms.caution}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {open !== null && models.data ? (
        <div className="org-model-vessels">
          <h3>Vessels built on {models.data.find((m) => m.modelId === open)?.name}</h3>
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
