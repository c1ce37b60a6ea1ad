/// <reference types="vite/client" />

/** Set by web/vite.config.ts at build time; absent when the sources run under Node (tests). */
declare const __VESSEL_LINK_BUILD_ID__: string | undefined;

interface ImportMetaEnv {
  /** Optional map tile URL template, e.g. https://tiles.example/{z}/{x}/{y}.png. */
  readonly VITE_MAP_TILES_URL?: string;
  readonly VITE_MAP_TILES_ATTRIBUTION?: string;
}

/**
 * Whether the /testing page is built in: always under the dev server, in a build only when
 * VESSEL_LINK_TESTING_PAGE=1 (the end-to-end tests' build). Absent under Node (tests).
 */
declare const __VESSEL_LINK_TESTING_PAGE__: boolean | undefined;
