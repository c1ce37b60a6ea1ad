export type { Camera } from '../../../../contracts/vessel-areas';

export interface CameraFields {
  name: string;
  streamUrl: string;
  snapshotUrl: string | null;
}
