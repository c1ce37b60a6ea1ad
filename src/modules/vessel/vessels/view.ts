/**
 * The Vessel shape of docs/api.md (plus role and banner state), assembled from
 * this module's rows and what the bridges, billing and alerts modules know.
 */
import type { Db } from '../../../db/knex.js';
import { allows, type VesselAccess } from '../../access/api.js';
import { cloudServicesOf, subscriptionsOf } from '../../billing/api.js';
import { bridgesFirstPairedAt, bridgesOfVessels } from '../../bridges/api.js';
import { bannerStateOf } from '../../../../contracts/vessels.js';
import type { VesselRow } from './repository.js';

// The banner rule (docs/product.md §4) is one function for the server and the web app.
export { bannerStateOf, type BannerState } from '../../../../contracts/vessels.js';

/**
 * The picture is served through the vessel, with the caller's access checked on every download,
 * so a link stops working when that access is revoked (the file store's own ids never leave the
 * server).
 */
export const vesselImageUrl = (v: { id: number; imageFileId: string | null }): string | null => (v.imageFileId ? `/api/vessel/${v.id}/image` : null);

/**
 * Active alerts per vessel. The alerts module answers it; server.ts hands it in, so that the
 * vessel module does not depend on the alerts module (which depends on vessels through access).
 */
export type AlertCounts = (db: Db, vesselIds: number[]) => Promise<Map<number, number>>;

/** `at`: the server clock's now, which judges each vessel's subscription and cloud services. */
export async function vesselViews(db: Db, vessels: VesselRow[], accessById: Map<number, VesselAccess>, activeAlertCounts: AlertCounts, at: Date) {
  const ids = vessels.map((v) => v.id);
  const [bridges, subscriptions, alertCounts, services] = await Promise.all([
    bridgesOfVessels(db, ids),
    subscriptionsOf(db, ids, at),
    activeAlertCounts(db, ids),
    bridgesFirstPairedAt(db, ids).then((paired) => cloudServicesOf(db, paired, at)),
  ]);
  return vessels.map((v) => {
    const bridge = bridges.get(v.id) ?? null;
    const access = accessById.get(v.id);
    const view = {
      id: v.id,
      name: v.name,
      modelId: v.modelId,
      imageUrl: vesselImageUrl(v),
      ownerId: v.ownerId,
      groupName: v.groupName,
      hullId: v.hullId,
      homePort: v.homePort,
      reportingClient: bridge ? { id: bridge.id, serial: bridge.serial, version: bridge.version } : null,
      vesselSubscription: subscriptions.get(v.id) ?? null,
      // Live values, history and commands: on with a valid subscription or in the test period (docs/product.md).
      cloudServices: services.get(v.id) ?? null,
      online: bridge?.online ?? false,
      lastSeen: bridge?.lastSeen ?? null,
      settings: { gpsReporting: v.gpsReporting, propertyUpdate: v.propertyUpdate, mfrAccess: v.mfrAccess },
      role: access?.role ?? null,
      // Only those who may read alerts learn how many there are.
      activeAlertCount: access && allows(access, { area: 'alertManager', level: 'VIEW' }) ? (alertCounts.get(v.id) ?? 0) : null,
    };
    return { ...view, bannerState: bannerStateOf(view) };
  });
}

export type VesselView = Awaited<ReturnType<typeof vesselViews>>[number];
