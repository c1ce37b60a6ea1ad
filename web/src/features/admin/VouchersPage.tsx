import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
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
import { HIDDEN } from '../../i18n/hidden';

const STATES = ['usable', 'used', 'expired'] as const;

function voucherState(v: Voucher, now = Date.now()) {
  if (v.expiresAt && Date.parse(v.expiresAt) <= now) return 'expired';
  return v.usedCount >= v.maxUses ? 'used' : 'usable';
}

export function VouchersPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const chips = STATES.map((value) => ({ value, label: t(`vouchers.states.${value}`) }));
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
    onError: (error) => reportActionFailure(t('vouchers.showing'), error),
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
    { key: 'code', label: t('vouchers.columns.code'), render: (v) => <code>{v.code}</code> },
    { key: 'products', label: t('vouchers.columns.products'), render: (v) => v.productIds.map((id) => productName.get(id) ?? `#${id}`).join(', ') },
    { key: 'months', label: t('vouchers.columns.duration'), sortable: true, render: (v) => t('months', { count: v.months }) },
    { key: 'usedCount', label: t('vouchers.columns.used'), sortable: true, render: (v) => t('vouchers.usedOf', { used: v.usedCount, max: v.maxUses }) },
    { key: 'expiresAt', label: t('vouchers.columns.expires'), sortable: true, render: (v) => formatDate(v.expiresAt) },
    { key: 'createdAt', label: t('vouchers.columns.created'), sortable: true, render: (v) => formatDate(v.createdAt) },
    {
      key: 'actions',
      label: t('vouchers.columns.actions'),
      render: (v) => (
        <span className="button-row">
          <button type="button" className="button button--small" disabled={show.isPending} onClick={() => show.mutate(v)}>
            <Trans t={t} i18nKey="vouchers.showCode" values={{ id: v.id }} components={HIDDEN} shouldUnescape />
          </button>
          <button type="button" className="button button--small" onClick={() => setRedemptionsOf(v)}>
            <Trans t={t} i18nKey="vouchers.redemptions" values={{ id: v.id }} components={HIDDEN} shouldUnescape />
          </button>
        </span>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title={t('vouchers.title')}>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          {t('vouchers.create')}
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('vouchers.search')} />
        <FilterChips chips={chips} search={search} setSearch={setSearch} label={t('vouchers.state')} />
      </div>
      <PagedTable
        what={t('vouchers.what')}
        query={page}
        columns={columns}
        rowKey={(v) => v.id}
        search={search}
        setSearch={setSearch}
        empty={t('vouchers.empty')}
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
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(true);
  const summary = { months: t('months', { count: voucher.months }), uses: t('vouchers.uses', { count: voucher.maxUses }) };
  return (
    <Modal
      open={open}
      title={t('vouchers.codeTitle')}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
          {t('vouchers.done')}
        </button>
      }
    >
      <code className="admin-secret" data-testid="voucher-code">
        {voucher.code}
      </code>
      <p className="muted">
        {voucher.expiresAt ? t('vouchers.summaryUntil', { ...summary, until: formatDate(voucher.expiresAt) }) : t('vouchers.summary', summary)}
      </p>
    </Modal>
  );
}

function RedemptionsModal({ voucher, onClose }: { voucher: Voucher; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(true);
  const redemptions = useQuery(adminQueries.redemptions(voucher.id));
  return (
    <Modal
      open={open}
      title={t('vouchers.redemptionsTitle', { code: voucher.code })}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={() => setOpen(false)}>
          {t('vouchers.close')}
        </button>
      }
    >
      <QueryState query={redemptions} what={t('vouchers.redemptionsWhat')}>
        {({ voucher: current, redemptions: rows }) => (
          <>
            <p className="muted">{t('vouchers.usedOfUses', { used: current.usedCount, uses: t('vouchers.uses', { count: current.maxUses }) })}</p>
            {rows.length === 0 ? (
              <p className="empty-state">{t('vouchers.notRedeemed')}</p>
            ) : (
              <ul className="list">
                {rows.map((r) => (
                  <li key={r.subscriptionId} className="list__item">
                    <strong>{r.vesselName ?? t('vouchers.vesselNumber', { id: r.vesselId })}</strong> ·{' '}
                    {t('vouchers.redeemed', { at: formatDateTime(r.redeemedAt) })}
                    <br />
                    <span className="muted">
                      {t('vouchers.subscription', { id: r.subscriptionId, from: formatDate(r.validFrom), until: formatDate(r.validUntil) })}
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
  const { t } = useTranslation('admin');
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
      toast.success(t('vouchers.created'));
      onClose();
      return onCreated(voucher);
    },
    onError: (error) =>
      setFailure(
        'field' in error && error.field === 'productIds'
          ? { field: 'productIds', message: t('vouchers.chooseProduct') }
          : formFailure(t('vouchers.creating'), error, FIELDS),
      ),
  });
  const bind = fieldBinder(form, setForm, failure);
  return (
    <FormModal
      title={t('vouchers.createTitle')}
      submitLabel={t('vouchers.create')}
      pending={create.isPending}
      failure={failure}
      dirty={chosen.size > 0}
      onSubmit={() => create.mutate()}
      onClose={onClose}
    >
      <fieldset className="checkbox-list">
        <legend className="field__label">{t('vouchers.fields.products')}</legend>
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
        {products.isError ? <p className="form-error">{t('vouchers.productsFailed')}</p> : null}
        {errorFor(failure, 'productIds') ? (
          <p className="field__error" role="alert">
            {errorFor(failure, 'productIds')}
          </p>
        ) : null}
      </fieldset>
      <TextField label={t('vouchers.fields.months')} type="number" min={1} max={60} required {...bind('months')} />
      <TextField label={t('vouchers.fields.maxUses')} type="number" min={1} required {...bind('maxUses')} />
      <TextField
        label={t('vouchers.fields.expiresAt')}
        type="date"
        value={form.expiresAt}
        onChange={(event) => setForm({ ...form, expiresAt: event.target.value })}
        hint={t('vouchers.fields.expiresHint')}
        error={errorFor(failure, 'expiresAt')}
      />
    </FormModal>
  );
}
