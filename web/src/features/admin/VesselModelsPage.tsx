import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { useFormatters } from '../profile/usePreferences';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { SelectField, TextField } from '../forms/Field';
import { ModelPicture } from '../models/ModelPicture';
import { ConfirmModal } from '../modal/ConfirmModal';
import { AdminHeader } from './AdminLayout';
import { FormModal } from './FormModal';
import { FilterChips, PagedTable, SearchBox, type Column, type SetSearch } from './ListControls';
import { errorFor, formFailure, type FormFailure } from './fieldErrors';
import { pageLocally, type ListSearch } from './listSearch';
import { adminActions, adminKeys, adminQueries } from './queries';
import type { VesselModel } from './types';
import { HIDDEN } from '../../i18n/hidden';

const STRONG = { strong: <strong /> };

export function VesselModelsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const { number } = useFormatters();
  const queryClient = useQueryClient();
  const models = useQuery(adminQueries.vesselModels());
  const manufacturers = useQuery(adminQueries.manufacturers());
  const makers = new Map((manufacturers.data ?? []).map((m) => [m.id, m.name]));
  const [editing, setEditing] = useState<VesselModel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<VesselModel | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.list('vesselModels') });
  const remove = useMutation({
    mutationFn: (model: VesselModel) => adminActions.deleteVesselModel(model.id),
    onSuccess: (_data, model) => {
      toast.success(t('models.deleted', { name: model.name }));
      setDeleting(null);
      return refresh();
    },
    onError: (error) => {
      setDeleting(null);
      reportActionFailure(t('models.deleting'), error);
    },
  });
  const page = {
    ...models,
    data: models.data
      ? pageLocally(models.data, search, {
          text: (m) => `${m.name} ${makers.get(m.manufacturerId) ?? ''}`,
          sortBy: { name: (m) => m.name.toLowerCase(), manufacturer: (m) => makers.get(m.manufacturerId) ?? '', lengthM: (m) => m.lengthM },
          filter: (m, filter) => String(m.manufacturerId) === filter,
          defaultSort: 'name,asc',
        })
      : undefined,
  };
  const columns: Column<VesselModel>[] = [
    {
      key: 'image',
      label: t('models.columns.image'),
      // Loaded with a link key: an <img> sends no session header, so the bare address is a 401.
      render: (m) =>
        m.imageUrl ? <ModelPicture url={m.imageUrl} alt={t('models.picture', { name: m.name })} /> : <span className="muted">{t('models.noImage')}</span>,
    },
    { key: 'name', label: t('models.columns.model'), sortable: true, render: (m) => m.name },
    { key: 'manufacturer', label: t('models.columns.manufacturer'), sortable: true, render: (m) => makers.get(m.manufacturerId) ?? `#${m.manufacturerId}` },
    {
      key: 'lengthM',
      label: t('models.columns.length'),
      sortable: true,
      render: (m) => (m.lengthM ? t('models.metres', { length: number(m.lengthM, 2) }) : '—'),
    },
    {
      key: 'actions',
      label: t('models.columns.actions'),
      render: (m) => (
        <span className="button-row">
          <button type="button" className="button button--small" onClick={() => setEditing(m)}>
            <Trans t={t} i18nKey="models.edit" values={{ name: m.name }} components={HIDDEN} shouldUnescape />
          </button>
          <ImageUpload model={m} onDone={refresh} />
          <button type="button" className="button button--small button--danger" onClick={() => setDeleting(m)}>
            <Trans t={t} i18nKey="models.delete" values={{ name: m.name }} components={HIDDEN} shouldUnescape />
          </button>
        </span>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title={t('models.title')}>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('models.create')}
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('models.search')} />
        <FilterChips
          chips={(manufacturers.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
          search={search}
          setSearch={setSearch}
          label={t('models.columns.manufacturer')}
        />
      </div>
      <PagedTable
        what={t('models.what')}
        query={page}
        columns={columns}
        rowKey={(m) => m.id}
        search={search}
        setSearch={setSearch}
        empty={t('models.empty')}
        defaultSort="name,asc"
      />
      {editing ? (
        <VesselModelModal
          model={editing === 'new' ? null : editing}
          manufacturers={(manufacturers.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
          onDone={refresh}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmModal
          title={t('models.deleteTitle')}
          confirmLabel={t('models.deleteConfirm')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>
            <Trans t={t} i18nKey="models.deleteEffect" values={{ name: deleting.name }} components={STRONG} shouldUnescape />
          </p>
        </ConfirmModal>
      ) : null}
    </>
  );
}

function ImageUpload({ model, onDone }: { model: VesselModel; onDone: () => unknown }) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => adminActions.uploadModelImage(model.id, file),
    onSuccess: () => {
      toast.success(t('models.uploaded', { name: model.name }));
      return onDone();
    },
    onError: (error) => reportActionFailure(t('models.uploadingImage'), error),
  });
  return (
    <>
      <button type="button" className="button button--small" disabled={upload.isPending} onClick={() => input.current?.click()}>
        <Trans t={t} i18nKey={upload.isPending ? 'models.uploading' : 'models.image'} values={{ name: model.name }} components={HIDDEN} shouldUnescape />
      </button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label={t('models.imageOf', { name: model.name })}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
    </>
  );
}

const FIELDS = ['name', 'manufacturerId', 'lengthM'] as const;

function VesselModelModal({
  model,
  manufacturers,
  onDone,
  onClose,
}: {
  model: VesselModel | null;
  manufacturers: Array<{ value: string; label: string }>;
  onDone: () => unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState({
    name: model?.name ?? '',
    manufacturerId: model ? String(model.manufacturerId) : '',
    lengthM: model?.lengthM ? String(model.lengthM) : '',
  });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const save = useMutation({
    mutationFn: () => {
      if (!form.manufacturerId) throw Object.assign(new Error('missing'), { field: 'manufacturerId' });
      const input = { name: form.name.trim(), manufacturerId: Number(form.manufacturerId), lengthM: form.lengthM ? Number(form.lengthM) : null };
      return model ? adminActions.editVesselModel(model.id, input) : adminActions.createVesselModel(input);
    },
    onSuccess: (saved) => {
      toast.success(model ? t('models.saved', { name: saved.name }) : t('models.created', { name: saved.name }));
      onClose();
      return onDone();
    },
    onError: (error) =>
      setFailure(
        'field' in error && error.field === 'manufacturerId'
          ? { field: 'manufacturerId', message: t('models.chooseManufacturer') }
          : formFailure(model ? t('models.saving') : t('models.creating'), error, FIELDS),
      ),
  });
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <FormModal
      title={model ? t('models.editTitle', { name: model.name }) : t('models.createTitle')}
      submitLabel={model ? t('models.save') : t('models.submitCreate')}
      pending={save.isPending}
      failure={failure}
      dirty={form.name !== (model?.name ?? '')}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      <TextField label={t('models.fields.name')} required value={form.name} onChange={set('name')} error={errorFor(failure, 'name')} />
      <SelectField
        label={t('models.fields.manufacturer')}
        value={form.manufacturerId}
        onChange={set('manufacturerId')}
        placeholder={t('models.fields.choose')}
        options={manufacturers}
        error={errorFor(failure, 'manufacturerId')}
      />
      <TextField
        label={t('models.fields.length')}
        type="number"
        min={1}
        max={200}
        step={0.1}
        value={form.lengthM}
        onChange={set('lengthM')}
        error={errorFor(failure, 'lengthM')}
      />
    </FormModal>
  );
}
