import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const KIND_LABELS: Record<CompanyKind, string> = { dealer: 'Dealer', manufacturer: 'Manufacturer', contractor: 'Contractor' };
const isKind = (value: string | undefined): value is CompanyKind => (COMPANY_KINDS as readonly string[]).includes(value ?? '');

export function CompaniesPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
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
    { key: 'name', label: 'Name', sortable: true, render: (c) => c.name },
    { key: 'kind', label: 'Kind', sortable: true, render: (c) => <span className="chip capitalize">{c.kind}</span> },
    { key: 'email', label: 'Contact', render: (c) => [c.email, c.phone, c.website].filter(Boolean).join(' · ') || '—' },
    { key: 'countryCode', label: 'Country', sortable: true, render: (c) => c.countryCode ?? '—' },
    { key: 'staffCount', label: 'Staff', sortable: true, render: (c) => c.staffCount ?? '—' },
    { key: 'createdAt', label: 'Created', sortable: true, render: (c) => formatDate(c.createdAt) },
    {
      key: 'actions',
      label: 'Actions',
      render: (c) => (
        <span className="button-row">
          <button type="button" className="button button--small" onClick={() => setSearch({ open: c.id })}>
            Staff and vessels<span className="visually-hidden"> of {c.name}</span>
          </button>
          <button type="button" className="button button--small" onClick={() => setEditing(c)}>
            Edit<span className="visually-hidden"> {c.name}</span>
          </button>
          {!c.staffCount ? (
            <button type="button" className="button button--small" onClick={() => setStaffing(c)}>
              Invite its administrator<span className="visually-hidden"> ({c.name})</span>
            </button>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title="Companies">
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          Create company
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search companies" />
        <FilterChips
          chips={COMPANY_KINDS.map((value) => ({ value, label: `${KIND_LABELS[value]}s` }))}
          search={search}
          setSearch={setSearch}
          label="Kind of company"
        />
      </div>
      <PagedTable
        what="Companies"
        query={page}
        columns={columns}
        rowKey={(c) => c.id}
        search={search}
        setSearch={setSearch}
        empty="No companies yet."
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
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const invite = useMutation({
    mutationFn: () => adminActions.inviteCompanyAdministrator(company.id, email.trim()),
    onSuccess: (invited) => {
      toast.success(`${invited.email} is invited to run ${company.name}`);
      onClose();
      return onDone();
    },
    onError: (error) => setFailure(formFailure('Inviting the administrator', error, ['email'])),
  });
  return (
    <FormModal
      title={`The administrator of ${company.name}`}
      submitLabel="Send the invitation"
      pending={invite.isPending}
      failure={failure}
      dirty={email.length > 0}
      onSubmit={() => invite.mutate()}
      onClose={onClose}
    >
      <TextField
        label="E-mail"
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errorFor(failure, 'email')}
        hint="They accept under Organisation and then invite the rest of the staff."
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
      toast.success(company ? `${saved.name} was saved` : `The ${kind} ${saved.name} was created`);
      onClose();
      return onDone();
    },
    onError: (error) => setFailure(formFailure(company ? 'Saving the company' : 'Creating the company', error, FIELDS)),
  });
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <FormModal
      title={company ? `Edit ${company.name}` : 'Create a company'}
      submitLabel={company ? 'Save' : 'Create company'}
      pending={save.isPending}
      failure={failure}
      dirty={form.name !== (company?.name ?? '')}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      {company ? null : (
        <SelectField
          label="Kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as CompanyKind)}
          options={COMPANY_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
        />
      )}
      <TextField label="Name" required value={form.name} onChange={set('name')} error={errorFor(failure, 'name')} />
      <TextField label="E-mail" type="email" value={form.email} onChange={set('email')} error={errorFor(failure, 'email')} />
      <TextField label="Phone" type="tel" value={form.phone} onChange={set('phone')} error={errorFor(failure, 'phone')} />
      <SelectField
        label="Country"
        value={form.countryCode}
        onChange={set('countryCode')}
        placeholder="—"
        options={(countries.data ?? []).map((country) => ({ value: country.code, label: country.name }))}
        error={errorFor(failure, 'countryCode')}
      />
      <TextField label="Website" type="url" value={form.website} onChange={set('website')} error={errorFor(failure, 'website')} />
    </FormModal>
  );
}

const WINDOW_LABELS = { current: 'Current', scheduled: 'Not started yet', expired: 'Ended' } as const;

/** The window of a grant: from when (or since it was given) until when (or until revoked). */
export const grantWindow = (g: { startsAt: string | null; endsAt: string | null; createdAt: string }) =>
  `${formatDate(g.startsAt ?? g.createdAt)} – ${g.endsAt ? formatDate(g.endsAt) : 'until revoked'}`;

/** A company's staff (with invitations) and the vessels it has technical access to, each with its window. */
function CompanyDetailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery(adminQueries.companyDetail(id));
  return (
    <Modal open title={detail.data ? `${detail.data.company.name}: staff and vessels` : 'Company'} onClose={onClose}>
      <QueryState query={detail} what="The company">
        {(d: AdminCompanyDetail) => (
          <>
            <h3>Staff</h3>
            {d.staff.length === 0 ? (
              <p className="empty-state">Nobody works for {d.company.name} yet: invite its administrator.</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="table admin-table">
                  <caption className="visually-hidden">Staff of {d.company.name}</caption>
                  <thead>
                    <tr>
                      <th scope="col">E-mail</th>
                      <th scope="col">Name</th>
                      <th scope="col">Role</th>
                      <th scope="col">State</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.staff.map((m) => (
                      <tr key={m.id}>
                        <td data-label="E-mail">{m.email ?? '—'}</td>
                        <td data-label="Name">{`${m.firstName} ${m.lastName}`.trim() || '—'}</td>
                        <td data-label="Role">{m.role === 'admin' ? 'Administrator' : 'Staff'}</td>
                        <td data-label="State">
                          {m.paused
                            ? 'Paused'
                            : m.status === 'pending'
                              ? `Invited until ${formatDateTime(m.expiresAt)}`
                              : m.status === 'expired'
                                ? 'Invitation expired'
                                : 'Active'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <h3>Vessels it has access to</h3>
            {d.grants.length === 0 ? (
              <p className="empty-state">No vessel has given {d.company.name} access.</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="table admin-table">
                  <caption className="visually-hidden">Vessel grants of {d.company.name}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Vessel</th>
                      <th scope="col">Window</th>
                      <th scope="col">State</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.grants.map((g) => (
                      <tr key={g.id}>
                        <td data-label="Vessel">{g.vesselName ?? `#${g.vesselId}`}</td>
                        <td data-label="Window">{grantWindow(g)}</td>
                        <td data-label="State">
                          {WINDOW_LABELS[g.window]}
                          {g.paused ? ' · paused by the owner' : ''}
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
  const due = useQuery(adminQueries.companyServicesDue(id));
  return (
    <>
      <h3>Services due</h3>
      <QueryState query={due} what="The services due">
        {(entries) =>
          entries.length === 0 ? (
            <p className="empty-state">No service is due on the vessels {name} looks after.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="table admin-table">
                <caption className="visually-hidden">Services due of {name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Vessel</th>
                    <th scope="col">Service</th>
                    <th scope="col">Due</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.id}>
                      <td data-label="Vessel">{e.vesselName}</td>
                      <td data-label="Service">{e.name}</td>
                      <td data-label="Due">{dueInWords(e)}</td>
                      <td data-label="State">
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
