import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from '../../app/services';
import { isApiError } from '../../lib/api';
import { failureMessage } from '../../lib/failureMessage';
import { IMAGE_UPLOAD, uploadFailure, uploadProblem } from '../../lib/uploads';
import { SelectField, TextField } from '../forms/Field';
import { catalogueQueries, lifecycleActions } from './lifecycle';
import { vesselKeys } from './queries';
import './vessels.css';

/** A new owner adds their vessel: name, model from the manufacturers' catalogue, group and picture. */
export function CreateVesselForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [groupName, setGroupName] = useState('');
  const [manufacturerId, setManufacturerId] = useState('');
  const [modelId, setModelId] = useState('');
  const [imageError, setImageError] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const manufacturers = useQuery(catalogueQueries.manufacturers());
  const models = useQuery({ ...catalogueQueries.models(Number(manufacturerId)), enabled: manufacturerId !== '' });

  const create = useMutation({
    mutationFn: () =>
      lifecycleActions.create({
        name: name.trim(),
        groupName: groupName.trim() || null,
        modelId: modelId === '' ? null : Number(modelId),
        image: imageInput.current?.files?.[0] ?? null,
      }),
    onSuccess: (vessel) => {
      toast.success(`${vessel.name} added`);
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
      void navigate({ to: '/dashboard/vessels/$vesselId/settings', params: { vesselId: vessel.id } });
    },
  });

  const chooseImage = () => {
    const file = imageInput.current?.files?.[0];
    setImageError(file ? uploadProblem(file, IMAGE_UPLOAD) : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && !imageError) create.mutate();
  };

  const createError = create.isError
    ? (uploadFailure(isApiError(create.error) ? create.error.status : null, IMAGE_UPLOAD) ?? failureMessage(create.error, 'The vessel could not be added.'))
    : null;

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Add a vessel</h1>
          <p className="muted">After adding it, pair its bridge with the code printed on the bridge.</p>
        </div>
      </header>
      <form className="card form create-vessel" onSubmit={submit}>
        <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoComplete="off" />
        <div className="form__row">
          <SelectField
            label="Manufacturer"
            placeholder={manufacturers.isPending ? 'Loading…' : 'Not listed'}
            value={manufacturerId}
            onChange={(event) => {
              setManufacturerId(event.target.value);
              setModelId('');
            }}
            options={(manufacturers.data ?? []).map((manufacturer) => ({ value: String(manufacturer.id), label: manufacturer.name }))}
            error={manufacturers.isError ? `The manufacturers could not be loaded: ${failureMessage(manufacturers.error)}` : null}
          />
          <SelectField
            label="Model"
            placeholder={
              manufacturerId === ''
                ? 'Choose a manufacturer first'
                : models.isPending
                  ? 'Loading…'
                  : models.data?.length === 0
                    ? 'No models listed'
                    : 'Not listed'
            }
            value={modelId}
            disabled={manufacturerId === '' || !models.isSuccess || models.data.length === 0}
            onChange={(event) => setModelId(event.target.value)}
            options={(models.data ?? []).map((model) => ({
              value: String(model.id),
              label: model.lengthM ? `${model.name} (${model.lengthM} m)` : model.name,
            }))}
            error={models.isError ? `The models could not be loaded: ${failureMessage(models.error)}` : null}
          />
        </div>
        <TextField
          label="Group"
          value={groupName}
          onChange={(event) => setGroupName(event.target.value)}
          hint="Optional. Vessels with the same group are listed together."
        />
        <div className="field">
          <label htmlFor="new-vessel-image" className="field__label">
            Picture
          </label>
          <input
            id="new-vessel-image"
            ref={imageInput}
            className="input"
            type="file"
            accept={IMAGE_UPLOAD.types.join(',')}
            onChange={chooseImage}
            aria-describedby="new-vessel-image-hint"
          />
          <p id="new-vessel-image-hint" className="field__hint">
            Optional: {IMAGE_UPLOAD.typesInWords}, up to {IMAGE_UPLOAD.maxBytes / 1024 / 1024} MB.
          </p>
          {imageError ? (
            <p className="field__error" role="alert">
              {imageError}
            </p>
          ) : null}
        </div>
        {createError ? (
          <p className="form-error" role="alert">
            {createError}
          </p>
        ) : null}
        <div className="button-row">
          <Link to="/dashboard" className="button">
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={!name.trim() || create.isPending || imageError !== null}>
            {create.isPending ? 'Adding…' : 'Add the vessel'}
          </button>
        </div>
      </form>
    </div>
  );
}
