import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { useEdited } from '../forms/edited';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { Modal } from '../modal/Modal';
import { useFixedLink, useLink } from '../links/useLink';
import { cameraActions, cameraPath, cameraQueries } from './queries';
import type { Camera, CameraFields } from './types';
import './cameras.css';

type Dialog = { kind: 'live' | 'delete'; camera: Camera } | { kind: 'edit'; camera: Camera | null } | null;

/** The vessel's cameras as a grid of snapshots, each opening a live view; securityManager MANAGE adds and changes them. */
export function CamerasTab({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const cameras = useQuery(cameraQueries.list(vesselId));
  const [refresh, setRefresh] = useState(() => Date.now());
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: cameraQueries.list(vesselId).queryKey });
  const remove = useMutation({
    mutationFn: (camera: Camera) => cameraActions.remove(vesselId, camera.id),
    onSuccess: () => {
      toast.success('Camera deleted');
      setDialog(null);
      return reload();
    },
    onError: (error) => reportActionFailure('Deleting the camera', error),
  });

  return (
    <section className="cameras" aria-labelledby="cameras-title">
      <div className="section-header">
        <h2 id="cameras-title">Cameras</h2>
        <div className="button-row">
          <button type="button" className="button" onClick={() => setRefresh(Date.now())} disabled={!cameras.data?.length}>
            Refresh pictures
          </button>
          {canManage ? (
            <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'edit', camera: null })}>
              Add camera
            </button>
          ) : null}
        </div>
      </div>
      <DelayedSpinner loading={cameras.isPending} label="Loading cameras…" />
      {cameras.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(cameras.error, 'The cameras could not be loaded.')}
        </p>
      ) : null}
      {cameras.isSuccess && cameras.data.length === 0 ? <p className="empty-state">No cameras yet.</p> : null}
      <ul className="camera-grid">
        {(cameras.data ?? []).map((camera) => (
          <li key={camera.id} className="card camera">
            <Snapshot path={cameraPath(vesselId, camera.id, 'snapshot')} refresh={refresh} name={camera.name} />
            <div className="camera__bar">
              <h3 className="camera__name">{camera.name}</h3>
              <div className="button-row">
                <button type="button" className="button" onClick={() => setDialog({ kind: 'live', camera })}>
                  Live<span className="visually-hidden"> view of {camera.name}</span>
                </button>
                {canManage ? (
                  <>
                    <button type="button" className="button" onClick={() => setDialog({ kind: 'edit', camera })}>
                      Edit<span className="visually-hidden"> {camera.name}</span>
                    </button>
                    <button type="button" className="button button--danger" onClick={() => setDialog({ kind: 'delete', camera })}>
                      Delete<span className="visually-hidden"> {camera.name}</span>
                    </button>
                  </>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {dialog?.kind === 'live' ? (
        <LiveView name={dialog.camera.name} path={cameraPath(vesselId, dialog.camera.id, 'stream')} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? <CameraForm vesselId={vesselId} camera={dialog.camera} onDone={reload} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmModal
          title="Delete the camera"
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.camera)}
          onClose={() => setDialog(null)}
        >
          <p>“{dialog.camera.name}” will be removed for every member of the vessel.</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

/** A snapshot, or a line saying the camera did not answer; its link key is renewed, so "Refresh pictures" always loads. */
function Snapshot({ path, refresh, name }: { path: string; refresh: number; name: string }) {
  const src = useLink(path, { t: refresh });
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  return (
    <div className="camera__picture" aria-busy={!src || (loaded !== src && failed !== src)}>
      {src && failed === src ? (
        <p className="camera__missing">No picture: the camera could not be reached.</p>
      ) : src ? (
        <img src={src} alt={`Snapshot of ${name}`} onLoad={() => setLoaded(src)} onError={() => setFailed(src)} />
      ) : null}
    </div>
  );
}

/** The live stream, with the browser's full screen a click away; it keeps the link key it started with. */
function LiveView({ name, path, onClose }: { name: string; path: string; onClose: () => void }) {
  const src = useFixedLink(path);
  const [open, setOpen] = useState(true);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open={open}
      title={name}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" disabled={failed} onClick={() => void frame.current?.requestFullscreen()}>
            Full screen
          </button>
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            Close
          </button>
        </>
      }
    >
      <div className="camera-live" ref={frame}>
        {failed ? (
          <p className="form-error" role="alert">
            The live picture could not be loaded.
          </p>
        ) : src ? (
          <img src={src} alt={`Live view of ${name}`} onError={() => setFailed(true)} />
        ) : null}
      </div>
    </Modal>
  );
}

function CameraForm({ vesselId, camera, onDone, onClose }: { vesselId: number; camera: Camera | null; onDone: () => unknown; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [fields, setFields] = useState<CameraFields>({ name: camera?.name ?? '', streamUrl: camera?.streamUrl ?? '', snapshotUrl: camera?.snapshotUrl ?? '' });
  const edited = useEdited(fields);
  const save = useMutation({
    mutationFn: () => {
      const payload = { name: fields.name.trim(), streamUrl: fields.streamUrl.trim(), snapshotUrl: fields.snapshotUrl?.trim() || null };
      return camera ? cameraActions.update(vesselId, camera.id, payload) : cameraActions.add(vesselId, payload);
    },
    onSuccess: () => {
      toast.success(camera ? 'Camera saved' : 'Camera added');
      setOpen(false);
      return onDone();
    },
    onError: (error) => reportActionFailure('Saving the camera', error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Modal
      open={open}
      title={camera ? 'Edit the camera' : 'Add a camera'}
      onClose={onClose}
      dirty={edited && !save.isSuccess}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="submit" form="camera-form" className="button button--primary" disabled={save.isPending}>
            Save
          </button>
        </>
      }
    >
      <form id="camera-form" className="form" onSubmit={submit}>
        <TextField label="Name" required maxLength={100} value={fields.name} onChange={(event) => setFields({ ...fields, name: event.target.value })} />
        <TextField
          label="Stream address (MJPEG)"
          type="url"
          required
          placeholder="http://camera.local/video.mjpg"
          value={fields.streamUrl}
          onChange={(event) => setFields({ ...fields, streamUrl: event.target.value })}
        />
        <TextField
          label="Snapshot address"
          type="url"
          hint="Optional: without it the first frame of the stream is the snapshot."
          value={fields.snapshotUrl ?? ''}
          onChange={(event) => setFields({ ...fields, snapshotUrl: event.target.value })}
        />
      </form>
    </Modal>
  );
}
