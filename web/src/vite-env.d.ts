/// <reference types="vite/client" />

/** Set by web/vite.config.ts at build time; absent when the sources run under Node (tests). */
declare const __VESSEL_LINK_BUILD_ID__: string | undefined;

interface ImportMetaEnv {
  /** Optional map tile URL template, e.g. https://tiles.example/{z}/{x}/{y}.png. */
  readonly VITE_MAP_TILES_URL?: string;
  readonly VITE_MAP_TILES_ATTRIBUTION?: string;
}
