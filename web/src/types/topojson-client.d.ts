/** The part of topojson-client the offline base map uses (the package ships no types). */
declare module 'topojson-client' {
  import type { Feature, FeatureCollection, GeometryObject } from 'geojson';

  export interface Topology {
    type: 'Topology';
    objects: Record<string, { type: string }>;
    arcs: number[][][];
    transform?: { scale: [number, number]; translate: [number, number] };
  }

  export function feature(topology: Topology, object: Topology['objects'][string]): Feature<GeometryObject> | FeatureCollection<GeometryObject>;
}
