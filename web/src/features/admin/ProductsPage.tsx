import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function ProductsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
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
      label: 'Product',
      sortable: true,
      render: (p) => (
        <>
          <strong>{p.name}</strong> <span className="muted">{p.code}</span>
          <br />
          <span className="muted">{p.description}</span>
        </>
      ),
    },
    { key: 'pricePence', label: 'Price', sortable: true, render: (p) => formatMoney(p.pricePence, p.currency) },
    { key: 'termMonths', label: 'Term', sortable: true, render: (p) => `${p.termMonths} months` },
    { key: 'active', label: 'State', render: (p) => <span className={`chip${p.active ? '' : ' chip--neutral'}`}>{p.active ? 'On sale' : 'Withdrawn'}</span> },
    {
      key: 'actions',
      label: 'Actions',
      render: (p) => (
        <button type="button" className="button button--small" onClick={() => setEditing(p)}>
          Edit<span className="visually-hidden"> {p.name}</span>
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title="Products">
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          Create product
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search products" />
        <FilterChips
          chips={[
            { value: 'active', label: 'On sale' },
            { value: 'withdrawn', label: 'Withdrawn' },
          ]}
          search={search}
          setSearch={setSearch}
          label="Product state"
        />
      </div>
      <PagedTable
        what="Products"
        query={page}
        columns={columns}
        rowKey={(p) => p.id}
        search={search}
        setSearch={setSearch}
        empty="No products yet."
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
      toast.success(product ? `${saved.name} was saved` : `The product ${saved.name} was created`);
      onClose();
      return onDone();
    },
    onError: (error) =>
      setFailure(
        'field' in error && error.field === 'pricePence'
          ? { field: 'pricePence', message: 'Enter the price, e.g. 249.00.' }
          : formFailure(product ? 'Saving the product' : 'Creating the product', error, FIELDS),
      ),
  });
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <FormModal
      title={product ? `Edit ${product.name}` : 'Create a product'}
      submitLabel={product ? 'Save' : 'Create product'}
      pending={save.isPending}
      failure={failure}
      dirty={form.name !== (product?.name ?? '')}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      <TextField label="Code" required value={form.code} onChange={set('code')} error={errorFor(failure, 'code')} hint="Upper case, e.g. CLOUD_CONNECT." />
      <TextField label="Name" required value={form.name} onChange={set('name')} error={errorFor(failure, 'name')} />
      <TextField label="Description" value={form.description} onChange={set('description')} error={errorFor(failure, 'description')} />
      <TextField label="Price" inputMode="decimal" required value={form.price} onChange={set('price')} error={errorFor(failure, 'pricePence')} />
      <TextField label="Currency" required maxLength={3} value={form.currency} onChange={set('currency')} error={errorFor(failure, 'currency')} />
      <TextField
        label="Term (months)"
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
          <input type="checkbox" checked={form.active} onChange={(event) => setForm({ ...form, active: event.target.checked })} /> On sale
        </label>
      ) : null}
    </FormModal>
  );
}
