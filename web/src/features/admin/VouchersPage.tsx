import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { TextField } from '../forms/Field';
import { Modal } from '../modal/Modal';
import { AdminHeader } from './AdminLayout';
import { FormModal } from './FormModal';
import { FilterChips, PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import { errorFor, formFailure, type FormFailure, fieldBinder } from './fieldErrors';
import { formatDate, formatDateTime } from './format';
import { pageLocally, type ListSearch } from './listSearch';
import { adminActions, adminKeys, adminQueries } from './queries';
import type { Voucher } from './types';

const CHIPS = [
  { value: 'usable', label: 'Usable' },
  { value: 'used', label: 'Used up' },
  { value: 'expired', label: 'Expired' },
];

function voucherState(v: Voucher, now = Date.now()) {
  if (v.expiresAt && Date.parse(v.expiresAt) <= now) return 'expired';
  return v.usedCount >= v.maxUses ? 'used' : 'usable';
}

export function VouchersPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const queryClient = useQueryClient();
  const vouchers = useQuery(adminQueries.vouchers());
  const products = useQuery(adminQueries.products());
  const productName = new Map((products.data ?? []).map((p) => [p.id, p.name]));
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<Voucher | null>(null);
  const [redemptionsOf, setRedemptionsOf] = useState<Voucher | null>(null);
  const show = useMutation({
    mutationFn: (voucher: Voucher) => adminActions.showVoucherCode(voucher.id),
    onSuccess: setShown,
    onError: (error) => reportActionFailure('Showing the code', error),
  });
  const page = {
    ...vouchers,
    data: vouchers.data
      ? pageLocally(vouchers.data, search, {
          text: (v) => `${v.code} ${v.productIds.map((id) => productName.get(id) ?? '').join(' ')}`,
          sortBy: { createdAt: (v) => v.createdAt, months: (v) => v.months, usedCount: (v) => v.usedCount, expiresAt: (v) => v.expiresAt },
          filter: (v, filter) => voucherState(v) === filter,
          defaultSort: 'createdAt,desc',
        })
      : undefined,
  };
  const columns: Column<Voucher>[] = [
    { key: 'code', label: 'Code', render: (v) => <code>{v.code}</code> },
    { key: 'products', label: 'Products', render: (v) => v.productIds.map((id) => productName.get(id) ?? `#${id}`).join(', ') },
    { key: 'months', label: 'Duration', sortable: true, render: (v) => `${v.months} months` },
    { key: 'usedCount', label: 'Used', sortable: true, render: (v) => `${v.usedCount} of ${v.maxUses}` },
    { key: 'expiresAt', label: 'Expires', sortable: true, render: (v) => formatDate(v.expiresAt) },
    { key: 'createdAt', label: 'Created', sortable: true, render: (v) => formatDate(v.createdAt) },
    {
      key: 'actions',
      label: 'Actions',
      render: (v) => (
        <span className="button-row">
          <button type="button" className="button button--small" disabled={show.isPending} onClick={() => show.mutate(v)}>
            Show code<span className="visually-hidden"> of voucher {v.id}</span>
          </button>
          <button type="button" className="button button--small" onClick={() => setRedemptionsOf(v)}>
            Redemptions<span className="visually-hidden"> of voucher {v.id}</span>
          </button>
        </span>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title="Vouchers">
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          Create voucher
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search vouchers" />
        <FilterChips chips={CHIPS} search={search} setSearch={setSearch} label="Voucher state" />
      </div>
      <PagedTable
        what="Vouchers"
        query={page}
        columns={columns}
        rowKey={(v) => v.id}
        search={search}
        setSearch={setSearch}
        empty="No vouchers yet."
        defaultSort="createdAt,desc"
      />
      {creating ? (
        <CreateVoucherModal
          onClose={() => setCreating(false)}
          onCreated={(voucher) => {
            setShown(voucher);
            return queryClient.invalidateQueries({ queryKey: adminKeys.list('vouchers') });
          }}
        />
      ) : null}
      {shown ? <CodeModal voucher={shown} onClose={() => setShown(null)} /> : null}
      {redemptionsOf ? <RedemptionsModal voucher={redemptionsOf} onClose={() => setRedemptionsOf(null)} /> : null}
    </>
  );
}

function CodeModal({ voucher, onClose }: { voucher: Voucher; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      title="Voucher code"
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
          Done
        </button>
      }
    >
      <code className="admin-secret" data-testid="voucher-code">
        {voucher.code}
      </code>
      <p className="muted">
        {voucher.months} months, {voucher.maxUses === 1 ? 'one use' : `${voucher.maxUses} uses`}
        {voucher.expiresAt ? `, redeemable until ${formatDate(voucher.expiresAt)}` : ''}.
      </p>
    </Modal>
  );
}

function RedemptionsModal({ voucher, onClose }: { voucher: Voucher; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const redemptions = useQuery(adminQueries.redemptions(voucher.id));
  return (
    <Modal
      open={open}
      title={`Redemptions of ${voucher.code}`}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Close
        </button>
      }
    >
      <QueryState query={redemptions} what="The redemptions">
        {({ voucher: current, redemptions: rows }) => (
          <>
            <p className="muted">
              Used {current.usedCount} of {current.maxUses === 1 ? 'one use' : `${current.maxUses} uses`}.
            </p>
            {rows.length === 0 ? (
              <p className="empty-state">This voucher was not redeemed yet.</p>
            ) : (
              <ul className="list">
                {rows.map((r) => (
                  <li key={r.subscriptionId} className="list__item">
                    <strong>{r.vesselName ?? `Vessel #${r.vesselId}`}</strong> · redeemed {formatDateTime(r.redeemedAt)}
                    <br />
                    <span className="muted">
                      Subscription #{r.subscriptionId}: {formatDate(r.validFrom)} – {formatDate(r.validUntil)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </Modal>
  );
}

const FIELDS = ['productIds', 'months', 'maxUses', 'expiresAt'] as const;

function CreateVoucherModal({ onClose, onCreated }: { onClose: () => void; onCreated: (voucher: Voucher) => unknown }) {
  const products = useQuery(adminQueries.products());
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [form, setForm] = useState({ months: '12', maxUses: '1', expiresAt: '' });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const create = useMutation({
    mutationFn: () => {
      if (chosen.size === 0) throw Object.assign(new Error('none'), { field: 'productIds' });
      return adminActions.createVoucher({
        productIds: [...chosen],
        months: Number(form.months),
        maxUses: Number(form.maxUses),
        ...(form.expiresAt ? { expiresAt: new Date(`${form.expiresAt}T23:59:59Z`).toISOString() } : {}),
      });
    },
    onSuccess: (voucher) => {
      toast.success('The voucher was created');
      onClose();
      return onCreated(voucher);
    },
    onError: (error) =>
      setFailure(
        'field' in error && error.field === 'productIds'
          ? { field: 'productIds', message: 'Choose at least one product.' }
          : formFailure('Creating the voucher', error, FIELDS),
      ),
  });
  const bind = fieldBinder(form, setForm, failure);
  return (
    <FormModal
      title="Create a voucher"
      submitLabel="Create voucher"
      pending={create.isPending}
      failure={failure}
      dirty={chosen.size > 0}
      onSubmit={() => create.mutate()}
      onClose={onClose}
    >
      <fieldset className="checkbox-list">
        <legend className="field__label">Products</legend>
        {(products.data ?? []).map((p) => (
          <label key={p.id} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.has(p.id)}
              onChange={() =>
                setChosen((current) => {
                  const next = new Set(current);
                  if (next.has(p.id)) next.delete(p.id);
                  else next.add(p.id);
                  return next;
                })
              }
            />{' '}
            {p.name}
          </label>
        ))}
        {products.isError ? <p className="form-error">The products could not be loaded.</p> : null}
        {errorFor(failure, 'productIds') ? (
          <p className="field__error" role="alert">
            {errorFor(failure, 'productIds')}
          </p>
        ) : null}
      </fieldset>
      <TextField label="Duration (months)" type="number" min={1} max={60} required {...bind('months')} />
      <TextField label="Number of uses" type="number" min={1} required {...bind('maxUses')} />
      <TextField
        label="Redeemable until"
        type="date"
        value={form.expiresAt}
        onChange={(event) => setForm({ ...form, expiresAt: event.target.value })}
        hint="Leave empty for no end."
        error={errorFor(failure, 'expiresAt')}
      />
    </FormModal>
  );
}
