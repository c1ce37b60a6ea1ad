/** The interface version the spec requires the UI to show. */
export const UI_VERSION = '2.0.0';

export const BUILD_ID: string = typeof __VESSEL_LINK_BUILD_ID__ === 'string' ? __VESSEL_LINK_BUILD_ID__ : 'dev';

/** The version the client compares with the one it stored on the previous visit. */
export const BUILD_VERSION = `${UI_VERSION}+${BUILD_ID}`;

export type EnvironmentLabel = 'CLOUD' | 'DEMO' | 'STAGING' | 'DEV' | '';

const LABEL_BY_HOST_PREFIX: Record<string, EnvironmentLabel> = {
  cloud: 'CLOUD',
  master: 'CLOUD',
  demo: 'DEMO',
  staging: 'STAGING',
  dev: 'DEV',
  develop: 'DEV',
};

/** The environment label comes from the first part of the host name (spec 2). */
export function environmentLabel(hostname: string): EnvironmentLabel {
  const firstPart = hostname.trim().toLowerCase().split('.')[0] ?? '';
  return LABEL_BY_HOST_PREFIX[firstPart] ?? '';
}

/** Customer-facing environments must not expose the caught error details (spec 8). */
export function canViewErrorReport(label: EnvironmentLabel): boolean {
  return label !== 'CLOUD' && label !== 'DEMO';
}

export function currentEnvironmentLabel(): EnvironmentLabel {
  return typeof window === 'undefined' ? '' : environmentLabel(window.location.hostname);
}
