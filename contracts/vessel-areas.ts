/** Shapes of a vessel's cameras and interfaces (docs/api.md, "Cameras" and "Interfaces"), shared by the server and the web app. */

/** A camera; its addresses (which may carry credentials) only for those who may change it. */
export interface Camera {
  id: number;
  name: string;
  streamUrl: string | null;
  snapshotUrl: string | null;
  createdAt: string;
}

/** An HTTP client posting Signal K deltas into a vessel; its token is never part of it. */
export interface VesselInterface {
  id: number;
  vesselId: number;
  name: string;
  /** The message source its values are stored under (discovery/messageSources). */
  source: string;
  tokenIssuedAt: string | null;
  /** Who holds the token: it posts with their access to the vessel and stops when that ends. */
  tokenHolderId: number | null;
  lastUsedAt: string | null;
  createdAt: string;
}
