import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { TextField } from '../forms/Field';
import { AdminHeader } from './AdminLayout';
import { FormModal } from './FormModal';
import { FilterChips, PagedTable, SearchBox, type Column, type SetSearch } from './ListControls';
import { errorFor, formFailure, type FormFailure } from './fieldErrors';
import { formatMoney } from './format';
import { pageLocally, type ListSearch } from './listSearch';
import { adminActions, adminKeys, adminQueries } from './queries';
import type { Product } from './types';
import { HIDDEN } from '../../i18n/hidden';

export function ProductsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const products = useQuery(adminQueries.products());
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const page = {
    ...products,
    data: products.data
      ? pageLocally(products.data, search, {
          text: (p) => `${p.code} ${p.name} ${p.description}`,
          sortBy: { name: (p) => p.name.toLowerCase(), pricePence: (p) => p.pricePence, termMonths: (p) => p.termMonths },
          filter: (p, filter) => (filter === 'active' ? p.active : !p.active),
          defaultSort: 'name,asc',
        })
      : undefined,
  };
  const columns: Column<Product>[] = [
    {
      key: 'name',
      label: t('products.columns.product'),
      sortable: true,
      render: (p) => (
        <>
          <strong>{p.name}</strong> <span className="muted">{p.code}</span>
          <br />
          <span className="muted">{p.description}</span>
        </>
      ),
    },
    { key: 'pricePence', label: t('products.columns.price'), sortable: true, render: (p) => formatMoney(p.pricePence, p.currency) },
    { key: 'termMonths', label: t('products.columns.term'), sortable: true, render: (p) => t('months', { count: p.termMonths }) },
    {
      key: 'active',
      label: t('products.columns.state'),
      render: (p) => <span className={`chip${p.active ? '' : ' chip--neutral'}`}>{p.active ? t('products.onSale') : t('products.withdrawn')}</span>,
    },
    {
      key: 'actions',
      label: t('products.columns.actions'),
      render: (p) => (
        <button type="button" className="button button--small" onClick={() => setEditing(p)}>
          <Trans t={t} i18nKey="products.edit" values={{ name: p.name }} components={HIDDEN} shouldUnescape />
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title={t('products.title')}>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('products.create')}
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('products.search')} />
        <FilterChips
          chips={[
            { value: 'active', label: t('products.onSale') },
            { value: 'withdrawn', label: t('products.withdrawn') },
          ]}
          search={search}
          setSearch={setSearch}
          label={t('products.state')}
        />
      </div>
      <PagedTable
        what={t('products.what')}
        query={page}
        columns={columns}
        rowKey={(p) => p.id}
        search={search}
        setSearch={setSearch}
        empty={t('products.empty')}
        defaultSort="name,asc"
      />
      {editing ? (
        <ProductModal
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => queryClient.invalidateQueries({ queryKey: adminKeys.list('products') })}
        />
      ) : null}
    </>
  );
}

const FIELDS = ['code', 'name', 'description', 'pricePence', 'currency', 'termMonths'] as const;

function ProductModal({ product, onClose, onDone }: { product: Product | null; onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState({
    code: product?.code ?? '',
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? (product.pricePence / 100).toFixed(2) : '',
    currency: product?.currency ?? 'GBP',
    termMonths: product ? String(product.termMonths) : '12',
    active: product?.active ?? true,
  });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const pricePence = Math.round(Number(form.price.replace(',', '.')) * 100);
      if (!Number.isFinite(pricePence) || pricePence < 0 || form.price.trim() === '') throw Object.assign(new Error('price'), { field: 'pricePence' });
      const input = {
        code: form.code.trim(),
        name: form.name.trim(),
        description: form.description.trim(),
        pricePence,
        currency: form.currency.trim().toUpperCase(),
        termMonths: Number(form.termMonths),
      };
      return product ? adminActions.editProduct(product.id, { ...input, active: form.active }) : adminActions.createProduct(input);
    },
    onSuccess: (saved) => {
      toast.success(product ? t('products.saved', { name: saved.name }) : t('products.created', { name: saved.name }));
      onClose();
      return onDone();
    },
    onError: (error) =>
      setFailure(
        'field' in error && error.field === 'pricePence'
          ? { field: 'pricePence', message: t('products.enterPrice') }
          : formFailure(product ? t('products.saving') : t('products.creating'), error, FIELDS),
      ),
  });
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <FormModal
      title={product ? t('products.editTitle', { name: product.name }) : t('products.createTitle')}
      submitLabel={product ? t('products.save') : t('products.create')}
      pending={save.isPending}
      failure={failure}
      dirty={form.name !== (product?.name ?? '')}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      <TextField
        label={t('products.fields.code')}
        required
        value={form.code}
        onChange={set('code')}
        error={errorFor(failure, 'code')}
        hint={t('products.fields.codeHint')}
      />
      <TextField label={t('products.fields.name')} required value={form.name} onChange={set('name')} error={errorFor(failure, 'name')} />
      <TextField label={t('products.fields.description')} value={form.description} onChange={set('description')} error={errorFor(failure, 'description')} />
      <TextField
        label={t('products.fields.price')}
        inputMode="decimal"
        required
        value={form.price}
        onChange={set('price')}
        error={errorFor(failure, 'pricePence')}
      />
      <TextField
        label={t('products.fields.currency')}
        required
        maxLength={3}
        value={form.currency}
        onChange={set('currency')}
        error={errorFor(failure, 'currency')}
      />
      <TextField
        label={t('products.fields.term')}
        type="number"
        min={1}
        max={60}
        required
        value={form.termMonths}
        onChange={set('termMonths')}
        error={errorFor(failure, 'termMonths')}
      />
      {product ? (
        <label className="checkbox">
          <input type="checkbox" checked={form.active} onChange={(event) => setForm({ ...form, active: event.target.checked })} /> {t('products.onSale')}
        </label>
      ) : null}
    </FormModal>
  );
}
