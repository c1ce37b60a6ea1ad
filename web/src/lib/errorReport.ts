import { i18n } from '../i18n';
import { UI_VERSION } from './env';

/** The error report record of spec section 3, posted to POST /api/utility/error. */
export interface ErrorReport {
  status: number | null;
  displayedMsg: string;
  timestamp: string;
  timezone: string;
  platform: 'CLOUD_API' | 'CLOUD_UI';
  uiVersion: string;
  browser: string;
  os: string;
  endpoint: string | null;
  requestData: string | null;
  comment?: string;
  userId: number | null;
  userName: string | null;
  vesselId: number | null;
  vesselName: string | null;
  environment: string;
}

/** What the app knows about a failure when it is caught. */
export interface CaughtError {
  /** HTTP status, or null when the request never got an answer or the UI itself failed. */
  status: number | null;
  /** The message the server supplied in its error envelope. */
  serverMessage?: string;
  /** A message the caller chose for this failure. */
  message?: string;
  endpoint?: string;
  requestData?: unknown;
  /** Technical details (stack, error name) for View Report. */
  details?: string;
  /** True when the failure happened in the UI rather than in an API call. */
  fromUi?: boolean;
}

/** The statuses with words of their own (common.json `errorReport.status`), read in the current language. */
const MESSAGE_BY_STATUS: Record<number, 'interface' | 'permission' | 'notFound' | 'tooLarge'> = {
  400: 'interface',
  403: 'permission',
  404: 'notFound',
  413: 'tooLarge',
  415: 'interface',
};

/**
 * The text of the error report for a failed response (spec 8). Null means no report is made:
 * a 502 is a connection failure, which the connectivity dialog handles instead.
 */
export function errorReportMessage(error: Pick<CaughtError, 'status' | 'serverMessage' | 'message'>): string | null {
  const { status } = error;
  if (status === 502) return null;
  if (status === 418 || status === 401) return error.serverMessage ?? error.message ?? statusMessage(status);
  if (error.message) return error.message;
  return statusMessage(status);
}

function statusMessage(status: number | null): string {
  if (status !== null && MESSAGE_BY_STATUS[status]) return i18n.t(`common:errorReport.status.${MESSAGE_BY_STATUS[status]}`);
  if (status !== null && status >= 500 && status <= 599) return i18n.t('common:errorReport.status.server');
  return i18n.t('common:errorReport.status.unknown');
}

const CLOSE_ONLY_STATUSES = new Set([418, 401, 404, 413]);

/** For 418, 401, 404, 413 or no error at all the full-screen dialog offers only Close (spec 8). */
export function isCloseOnly(error: CaughtError | null): boolean {
  return error === null || (error.status !== null && CLOSE_ONLY_STATUSES.has(error.status));
}

/** The dialog shows the server-provided message, otherwise the generic text. */
export function dialogMessage(error: CaughtError | null): string {
  return error?.serverMessage?.trim() || i18n.t('common:errorReport.generic');
}

/** The toast text for a failed action (spec 8); `action` is already in the current language ("Saving the note"). */
export function actionFailedText(action: string, status: number | null): string {
  return status === null ? i18n.t('common:errorReport.actionFailedNoStatus', { action }) : i18n.t('common:errorReport.actionFailed', { action, status });
}

export type RenderFailure = { kind: 'tab'; name: string } | { kind: 'modal'; name: string } | { kind: 'page' };

/** The render-failure texts of spec 8, for the developer console (the screens say it with features/errors' words). */
export function renderFailureMessage(failure: RenderFailure): string {
  switch (failure.kind) {
    case 'tab':
      return `There was a problem loading ${failure.name} tab`;
    case 'modal':
      return `There was a problem loading ${failure.name} modal`;
    case 'page':
      return 'There was a problem loading the page';
  }
}

export interface ReportContext {
  now: Date;
  timeZone: string;
  userAgent: string;
  environment: string;
  user: { id: number; name: string } | null;
  vessel: { id: number; name: string } | null;
}

export function buildErrorReport(error: CaughtError, context: ReportContext, comment?: string): ErrorReport {
  const { browser, os } = describeUserAgent(context.userAgent);
  const trimmedComment = comment?.trim();
  return {
    status: error.status,
    displayedMsg: errorReportMessage(error) ?? dialogMessage(error),
    timestamp: context.now.toISOString(),
    timezone: context.timeZone,
    platform: error.fromUi ? 'CLOUD_UI' : 'CLOUD_API',
    uiVersion: UI_VERSION,
    browser,
    os,
    endpoint: error.endpoint ?? null,
    requestData: error.requestData === undefined ? null : safeStringify(error.requestData),
    ...(trimmedComment ? { comment: trimmedComment } : {}),
    userId: context.user?.id ?? null,
    userName: context.user?.name ?? null,
    vesselId: context.vessel?.id ?? null,
    vesselName: context.vessel?.name ?? null,
    environment: context.environment,
  };
}

function safeStringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof FormData !== 'undefined' && value instanceof FormData) return '[multipart form data]';
  try {
    return JSON.stringify(value, (key, v) => (/password/i.test(key) ? '***' : v));
  } catch {
    return String(value);
  }
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/(?:Chrome|Chromium|HeadlessChrome)\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari/, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  const browserMatch = BROWSERS.find(([pattern]) => pattern.test(userAgent));
  const version = browserMatch ? userAgent.match(browserMatch[0])?.[1] : undefined;
  const os = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Unknown';
  return { browser: browserMatch ? `${browserMatch[1]} ${version ?? ''}`.trim() : 'Unknown', os };
}
