import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { toast } from '../../app/services';
import { SelectField, TextField } from '../forms/Field';
import { AdminHeader } from './AdminLayout';
import { FormModal } from './FormModal';
import { Modal } from '../modal/Modal';
import { dueInWords, ServiceStatusBadge } from '../service/ServiceDue';
import '../service/service.css';
import { FilterChips, PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import { errorFor, formFailure, type FormFailure } from './fieldErrors';
import { formatDate, formatDateTime } from './format';
import { pageLocally, type ListSearch } from './listSearch';
import { adminActions, adminKeys, adminQueries } from './queries';
import { COMPANY_KINDS, type AdminCompanyDetail, type Company, type CompanyInput, type CompanyKind } from './types';
import { HIDDEN } from '../../i18n/hidden';

const isKind = (value: string | undefined): value is CompanyKind => (COMPANY_KINDS as readonly string[]).includes(value ?? '');

export function CompaniesPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const kind = isKind(search.filter) ? search.filter : null;
  const companies = useQuery(kind ? adminQueries.companiesOfKind(kind) : adminQueries.companies());
  const [editing, setEditing] = useState<Company | 'new' | null>(null);
  const [staffing, setStaffing] = useState<Company | null>(null);
  const page = {
    ...companies,
    data: companies.data
      ? pageLocally(
          companies.data,
          { ...search, filter: undefined },
          {
            text: (c) => `${c.name} ${c.email ?? ''} ${c.website ?? ''}`,
            sortBy: {
              name: (c) => c.name.toLowerCase(),
              kind: (c) => c.kind,
              countryCode: (c) => c.countryCode,
              staffCount: (c) => c.staffCount ?? 0,
              createdAt: (c) => c.createdAt,
            },
            defaultSort: 'name,asc',
          },
        )
      : undefined,
  };
  const columns: Column<Company>[] = [
    { key: 'name', label: t('companies.columns.name'), sortable: true, render: (c) => c.name },
    {
      key: 'kind',
      label: t('companies.columns.kind'),
      sortable: true,
      render: (c) => <span className="chip capitalize">{t(`companies.kinds.${c.kind}`)}</span>,
    },
    { key: 'email', label: t('companies.columns.contact'), render: (c) => [c.email, c.phone, c.website].filter(Boolean).join(' · ') || '—' },
    { key: 'countryCode', label: t('companies.columns.country'), sortable: true, render: (c) => c.countryCode ?? '—' },
    { key: 'staffCount', label: t('companies.columns.staff'), sortable: true, render: (c) => c.staffCount ?? '—' },
    { key: 'createdAt', label: t('companies.columns.created'), sortable: true, render: (c) => formatDate(c.createdAt) },
    {
      key: 'actions',
      label: t('companies.columns.actions'),
      render: (c) => (
        <span className="button-row">
          <button type="button" className="button button--small" onClick={() => setSearch({ open: c.id })}>
            <Trans t={t} i18nKey="companies.staffAndVessels" values={{ name: c.name }} components={HIDDEN} shouldUnescape />
          </button>
          <button type="button" className="button button--small" onClick={() => setEditing(c)}>
            <Trans t={t} i18nKey="companies.edit" values={{ name: c.name }} components={HIDDEN} shouldUnescape />
          </button>
          {!c.staffCount ? (
            <button type="button" className="button button--small" onClick={() => setStaffing(c)}>
              <Trans t={t} i18nKey="companies.inviteAdministrator" values={{ name: c.name }} components={HIDDEN} shouldUnescape />
            </button>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title={t('companies.title')}>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('companies.create')}
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('companies.search')} />
        <FilterChips
          chips={COMPANY_KINDS.map((value) => ({ value, label: t(`companies.kindPlurals.${value}`) }))}
          search={search}
          setSearch={setSearch}
          label={t('companies.kindOfCompany')}
        />
      </div>
      <PagedTable
        what={t('companies.what')}
        query={page}
        columns={columns}
        rowKey={(c) => c.id}
        search={search}
        setSearch={setSearch}
        empty={t('companies.empty')}
        defaultSort="name,asc"
      />
      {editing ? (
        <CompanyModal
          company={editing === 'new' ? null : editing}
          initialKind={kind ?? 'dealer'}
          onDone={() => queryClient.invalidateQueries({ queryKey: adminKeys.all })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {search.open ? <CompanyDetailModal key={search.open} id={search.open} onClose={() => setSearch({ open: undefined })} /> : null}
      {staffing ? (
        <AdministratorModal company={staffing} onDone={() => queryClient.invalidateQueries({ queryKey: adminKeys.all })} onClose={() => setStaffing(null)} />
      ) : null}
    </>
  );
}

/** A company made here has nobody to invite its staff: its first administrator is invited by e-mail. */
function AdministratorModal({ company, onDone, onClose }: { company: Company; onDone: () => unknown; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const invite = useMutation({
    mutationFn: () => adminActions.inviteCompanyAdministrator(company.id, email.trim()),
    onSuccess: (invited) => {
      toast.success(t('companies.administrator.invited', { email: invited.email, company: company.name }));
      onClose();
      return onDone();
    },
    onError: (error) => setFailure(formFailure(t('companies.administrator.inviting'), error, ['email'])),
  });
  return (
    <FormModal
      title={t('companies.administrator.title', { company: company.name })}
      submitLabel={t('companies.administrator.submit')}
      pending={invite.isPending}
      failure={failure}
      dirty={email.length > 0}
      onSubmit={() => invite.mutate()}
      onClose={onClose}
    >
      <TextField
        label={t('companies.fields.email')}
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errorFor(failure, 'email')}
        hint={t('companies.administrator.hint')}
      />
    </FormModal>
  );
}

const FIELDS = ['name', 'email', 'phone', 'countryCode', 'website'] as const;

function CompanyModal({
  company,
  initialKind,
  onDone,
  onClose,
}: {
  company: Company | null;
  initialKind: CompanyKind;
  onDone: () => unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [kind, setKind] = useState<CompanyKind>(initialKind);
  const [form, setForm] = useState({
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    countryCode: company?.countryCode ?? '',
    website: company?.website ?? '',
  });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const countries = useQuery(adminQueries.countries());
  const save = useMutation({
    mutationFn: () => {
      // A new company leaves out what is empty; an edited one clears it (null), as PUT companies/{id} takes it.
      const input = Object.fromEntries(
        Object.entries(form)
          .map(([key, value]) => [key, value.trim() === '' && key !== 'name' ? null : value.trim()])
          .filter(([, value]) => company !== null || value !== null),
      ) as CompanyInput;
      return company ? adminActions.editCompany(company.id, input) : adminActions.createCompany(kind, input);
    },
    onSuccess: (saved) => {
      toast.success(company ? t('companies.saved', { name: saved.name }) : t(`companies.createdKind.${kind}`, { name: saved.name }));
      onClose();
      return onDone();
    },
    onError: (error) => setFailure(formFailure(company ? t('companies.saving') : t('companies.creating'), error, FIELDS)),
  });
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <FormModal
      title={company ? t('companies.editTitle', { name: company.name }) : t('companies.createTitle')}
      submitLabel={company ? t('companies.save') : t('companies.create')}
      pending={save.isPending}
      failure={failure}
      dirty={form.name !== (company?.name ?? '')}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      {company ? null : (
        <SelectField
          label={t('companies.fields.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as CompanyKind)}
          options={COMPANY_KINDS.map((value) => ({ value, label: t(`companies.kindLabels.${value}`) }))}
        />
      )}
      <TextField label={t('companies.fields.name')} required value={form.name} onChange={set('name')} error={errorFor(failure, 'name')} />
      <TextField label={t('companies.fields.email')} type="email" value={form.email} onChange={set('email')} error={errorFor(failure, 'email')} />
      <TextField label={t('companies.fields.phone')} type="tel" value={form.phone} onChange={set('phone')} error={errorFor(failure, 'phone')} />
      <SelectField
        label={t('companies.fields.country')}
        value={form.countryCode}
        onChange={set('countryCode')}
        placeholder="—"
        options={(countries.data ?? []).map((country) => ({ value: country.code, label: country.name }))}
        error={errorFor(failure, 'countryCode')}
      />
      <TextField label={t('companies.fields.website')} type="url" value={form.website} onChange={set('website')} error={errorFor(failure, 'website')} />
    </FormModal>
  );
}

/** The window of a grant: from when (or since it was given) until when (or until revoked). */
export const grantWindow = (g: { startsAt: string | null; endsAt: string | null; createdAt: string }) =>
  g.endsAt
    ? i18n.t('admin:grants.between', { from: formatDate(g.startsAt ?? g.createdAt), until: formatDate(g.endsAt) })
    : i18n.t('admin:grants.untilRevoked', { from: formatDate(g.startsAt ?? g.createdAt) });

/** A company's staff (with invitations) and the vessels it has technical access to, each with its window. */
function CompanyDetailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const detail = useQuery(adminQueries.companyDetail(id));
  return (
    <Modal open title={detail.data ? t('companies.detail.title', { name: detail.data.company.name }) : t('companies.detail.company')} onClose={onClose}>
      <QueryState query={detail} what={t('companies.detail.what')}>
        {(d: AdminCompanyDetail) => (
          <>
            <h3>{t('companies.detail.staff')}</h3>
            {d.staff.length === 0 ? (
              <p className="empty-state">{t('companies.detail.noStaff', { name: d.company.name })}</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="table admin-table">
                  <caption className="visually-hidden">{t('companies.detail.staffOf', { name: d.company.name })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('companies.detail.email')}</th>
                      <th scope="col">{t('companies.detail.name')}</th>
                      <th scope="col">{t('companies.detail.role')}</th>
                      <th scope="col">{t('grants.state')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.staff.map((m) => (
                      <tr key={m.id}>
                        <td data-label={t('companies.detail.email')}>{m.email ?? '—'}</td>
                        <td data-label={t('companies.detail.name')}>{`${m.firstName} ${m.lastName}`.trim() || '—'}</td>
                        <td data-label={t('companies.detail.role')}>
                          {m.role === 'admin' ? t('companies.detail.administrator') : t('companies.detail.staffMember')}
                        </td>
                        <td data-label={t('grants.state')}>
                          {m.paused
                            ? t('companies.detail.paused')
                            : m.status === 'pending'
                              ? t('companies.detail.invitedUntil', { at: formatDateTime(m.expiresAt) })
                              : m.status === 'expired'
                                ? t('companies.detail.invitationExpired')
                                : t('companies.detail.active')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <h3>{t('companies.detail.vessels')}</h3>
            {d.grants.length === 0 ? (
              <p className="empty-state">{t('companies.detail.noGrants', { name: d.company.name })}</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="table admin-table">
                  <caption className="visually-hidden">{t('companies.detail.grantsOf', { name: d.company.name })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('grants.vessel')}</th>
                      <th scope="col">{t('grants.window')}</th>
                      <th scope="col">{t('grants.state')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.grants.map((g) => (
                      <tr key={g.id}>
                        <td data-label={t('grants.vessel')}>{g.vesselName ?? `#${g.vesselId}`}</td>
                        <td data-label={t('grants.window')}>{grantWindow(g)}</td>
                        <td data-label={t('grants.state')}>
                          {t(`grants.windows.${g.window}`)}
                          {g.paused ? ` · ${t('grants.paused')}` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <CompanyServicesDue id={id} name={d.company.name} />
          </>
        )}
      </QueryState>
    </Modal>
  );
}

/** What the company's staff see as services due across the vessels its grants reach, overdue first. */
function CompanyServicesDue({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('admin');
  const due = useQuery(adminQueries.companyServicesDue(id));
  return (
    <>
      <h3>{t('companies.due.title')}</h3>
      <QueryState query={due} what={t('companies.due.what')}>
        {(entries) =>
          entries.length === 0 ? (
            <p className="empty-state">{t('companies.due.empty', { name })}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="table admin-table">
                <caption className="visually-hidden">{t('companies.due.caption', { name })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('grants.vessel')}</th>
                    <th scope="col">{t('companies.due.service')}</th>
                    <th scope="col">{t('companies.due.due')}</th>
                    <th scope="col">{t('grants.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.id}>
                      <td data-label={t('grants.vessel')}>{e.vesselName}</td>
                      <td data-label={t('companies.due.service')}>{e.name}</td>
                      <td data-label={t('companies.due.due')}>{dueInWords(e)}</td>
                      <td data-label={t('grants.state')}>
                        <ServiceStatusBadge status={e.due.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </>
  );
}
