import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function VesselModelsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
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
      toast.success(`${model.name} was deleted`);
      setDeleting(null);
      return refresh();
    },
    onError: (error) => {
      setDeleting(null);
      reportActionFailure('Deleting the vessel model', error);
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
      label: 'Image',
      // Loaded with a link key: an <img> sends no session header, so the bare address is a 401.
      render: (m) => (m.imageUrl ? <ModelPicture url={m.imageUrl} alt={`Picture of ${m.name}`} /> : <span className="muted">none</span>),
    },
    { key: 'name', label: 'Model', sortable: true, render: (m) => m.name },
    { key: 'manufacturer', label: 'Manufacturer', sortable: true, render: (m) => makers.get(m.manufacturerId) ?? `#${m.manufacturerId}` },
    { key: 'lengthM', label: 'Length', sortable: true, render: (m) => (m.lengthM ? `${m.lengthM} m` : '—') },
    {
      key: 'actions',
      label: 'Actions',
      render: (m) => (
        <span className="button-row">
          <button type="button" className="button button--small" onClick={() => setEditing(m)}>
            Edit<span className="visually-hidden"> {m.name}</span>
          </button>
          <ImageUpload model={m} onDone={refresh} />
          <button type="button" className="button button--small button--danger" onClick={() => setDeleting(m)}>
            Delete<span className="visually-hidden"> {m.name}</span>
          </button>
        </span>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title="Vessel models">
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          Create vessel model
        </button>
      </AdminHeader>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search vessel models" />
        <FilterChips
          chips={(manufacturers.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
          search={search}
          setSearch={setSearch}
          label="Manufacturer"
        />
      </div>
      <PagedTable
        what="Vessel models"
        query={page}
        columns={columns}
        rowKey={(m) => m.id}
        search={search}
        setSearch={setSearch}
        empty="No vessel models yet."
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
          title="Delete this vessel model?"
          confirmLabel="Delete model"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>
            <strong>{deleting.name}</strong> and its image will be removed from the catalogue. A model that vessels still use cannot be deleted.
          </p>
        </ConfirmModal>
      ) : null}
    </>
  );
}

function ImageUpload({ model, onDone }: { model: VesselModel; onDone: () => unknown }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => adminActions.uploadModelImage(model.id, file),
    onSuccess: () => {
      toast.success(`The image of ${model.name} was uploaded`);
      return onDone();
    },
    onError: (error) => reportActionFailure('Uploading the image', error),
  });
  return (
    <>
      <button type="button" className="button button--small" disabled={upload.isPending} onClick={() => input.current?.click()}>
        {upload.isPending ? 'Uploading…' : 'Image'}
        <span className="visually-hidden"> of {model.name}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label={`Image of ${model.name}`}
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
      toast.success(model ? `${saved.name} was saved` : `The vessel model ${saved.name} was created`);
      onClose();
      return onDone();
    },
    onError: (error) =>
      setFailure(
        'field' in error && error.field === 'manufacturerId'
          ? { field: 'manufacturerId', message: 'Choose the manufacturer.' }
          : formFailure(model ? 'Saving the vessel model' : 'Creating the vessel model', error, FIELDS),
      ),
  });
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <FormModal
      title={model ? `Edit ${model.name}` : 'Create a vessel model'}
      submitLabel={model ? 'Save' : 'Create model'}
      pending={save.isPending}
      failure={failure}
      dirty={form.name !== (model?.name ?? '')}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      <TextField label="Model name" required value={form.name} onChange={set('name')} error={errorFor(failure, 'name')} />
      <SelectField
        label="Manufacturer"
        value={form.manufacturerId}
        onChange={set('manufacturerId')}
        placeholder="Choose…"
        options={manufacturers}
        error={errorFor(failure, 'manufacturerId')}
      />
      <TextField
        label="Length (m)"
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
