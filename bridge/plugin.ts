/**
 * The bridge agent as a Signal K server plugin (docs/bridge-agent.md, "As a Signal K server
 * plugin"): the same agent (agent.ts: the link that never gives up, the on-disk queue, rate limits
 * and batching, the protocol of docs/protocol.md), fed by the server it runs inside through the
 * plugin API (sources/signalk-app.ts) instead of over the network. For a boat whose Signal K
 * server already runs (a Cerbo GX on Venus OS, a Raspberry Pi with signalk-server): installed from
 * the server's app store, configured in its admin UI (the `schema` below), and shown there with
 * the state of its link (`setPluginStatus` / `setPluginError`).
 *
 * Compiled by build.mjs into dist/plugin.cjs, the package's `main`, which signalk-server requires
 * for every package with the keyword `signalk-node-server-plugin`.
 */
import { mkdirSync } from 'node:fs';
import Joi from 'joi';
import packageJson from './package.json' with { type: 'json' };
import type { Logger } from './client/logger';
import { Agent } from './agent';
import { type LimitsConfig, NO_LIMITS, defaultLimits, parseLimitsFile } from './limits';
import type { SignalKApp } from './sources/signalk-app';
import type { AgentStatus } from './status';

export const PLUGIN_ID = 'vessel-link-bridge';

/** What signalk-server hands a plugin, as far as this one uses it. */
export interface PluginApp extends SignalKApp {
  /** This plugin's own folder (plugin-config-data/vessel-link-bridge): the queue lives there. */
  getDataDirPath(): string;
  setPluginStatus(message: string): void;
  setPluginError(message: string): void;
  /** Printed always, in the server's log. */
  error(message: string): void;
  /** Printed when the plugin's debug logging is on (admin UI, Plugin Config). */
  debug(message: string): void;
}

/** The plugin's configuration, as the admin UI saves it (see `schema`). */
export interface PluginConfiguration {
  mqttUrl: string;
  serial: string;
  secret: string;
  batchMs: number;
  queueMaxMb: number;
  queueMaxHours: number;
  limits: { sendEveryReading: boolean; keepAlive: number; rules: Array<{ path: string; interval?: number; deadband?: number }> };
}

/** The configuration form of the server's admin UI (JSON Schema, as signalk-server's plugins give it). */
export const schema = {
  type: 'object',
  required: ['mqttUrl', 'serial', 'secret'],
  properties: {
    mqttUrl: {
      type: 'string',
      title: 'Vessel Link server',
      description: "The MQTT address of your Vessel Link server: mqtts://host:8883, or wss://host/mqtt through a web proxy (ask the server's operator).",
    },
    serial: {
      type: 'string',
      title: 'Bridge serial',
      description: 'The serial of the bridge created for this boat (`vessel-link bridges create`, or the bridges page of the admin console).',
    },
    secret: { type: 'string', title: 'Bridge secret', description: 'The secret shown once when the bridge was created.' },
    batchMs: {
      type: 'number',
      title: 'Batch (milliseconds)',
      description: 'Values read within this time go out as one message (0 sends each at once).',
      default: 1000,
      minimum: 0,
      maximum: 60000,
    },
    queueMaxMb: { type: 'number', title: 'Queue size limit (MB)', description: 'While the link is down data waits on disk, up to this size.', default: 100 },
    queueMaxHours: { type: 'number', title: 'Queue age limit (hours)', description: 'Data older than this is dropped from the queue.', default: 72 },
    limits: {
      type: 'object',
      title: 'Bandwidth',
      description: 'Rate limits and deadbands per path (docs/bridge-agent.md, "Bandwidth"): your rules are tried before the defaults.',
      properties: {
        sendEveryReading: { type: 'boolean', title: 'Send every reading (no rate limits, no deadbands)', default: false },
        keepAlive: { type: 'number', title: 'Keep-alive (seconds)', description: 'The longest a held reading waits.', default: 60 },
        rules: {
          type: 'array',
          title: 'Rules',
          items: {
            type: 'object',
            required: ['path'],
            properties: {
              path: { type: 'string', title: 'Path', description: 'A Signal K path; * stands for one or more segments, e.g. environment.inside.*.temperature' },
              interval: { type: 'number', title: 'Interval (seconds)', description: 'At most one value per this time (0: no rate limit).', default: 0 },
              deadband: { type: 'number', title: 'Deadband (SI units)', description: 'A change smaller than this is not sent (0: none).', default: 0 },
            },
          },
        },
      },
    },
  },
} as const;

const uiSchema = { secret: { 'ui:widget': 'password' } };

const configurationSchema = Joi.object({
  mqttUrl: Joi.string()
    .trim()
    .uri({ scheme: ['mqtt', 'mqtts', 'ws', 'wss', 'tcp'] })
    .required()
    .messages({
      'any.required': 'the Vessel Link server is not set',
      'string.empty': 'the Vessel Link server is not set',
      'string.uriCustomScheme': 'the Vessel Link server must be an mqtt://, mqtts://, ws:// or wss:// address',
    }),
  serial: Joi.string()
    .trim()
    .pattern(/^[^/+#\s]{1,128}$/)
    .required()
    .messages({
      'any.required': 'the bridge serial is not set',
      'string.empty': 'the bridge serial is not set',
      'string.pattern.base': 'a bridge serial is 1-128 characters without spaces, "/", "+" or "#"',
    }),
  secret: Joi.string().trim().required().messages({ 'any.required': 'the bridge secret is not set', 'string.empty': 'the bridge secret is not set' }),
  batchMs: Joi.number().integer().min(0).max(60_000).default(1000),
  queueMaxMb: Joi.number().positive().default(100),
  queueMaxHours: Joi.number()
    .integer()
    .min(1)
    .max(24 * 365)
    .default(72),
  limits: Joi.object({
    sendEveryReading: Joi.boolean().default(false),
    keepAlive: Joi.number().min(1).max(86_400).default(60),
    rules: Joi.array().items(Joi.object().unknown(true)).default([]),
  })
    .unknown(true)
    .default(),
}).unknown(true);

/** The configuration checked, with its defaults; throws an Error saying what is wrong. */
export function readConfiguration(raw: unknown): { configuration: PluginConfiguration; limits: LimitsConfig } {
  const { value, error } = configurationSchema.validate(raw ?? {}, { abortEarly: true });
  if (error) throw new Error(error.message.replace(/^"(\w+)" /, '$1 '));
  const configuration = value as PluginConfiguration;
  const { sendEveryReading, keepAlive, rules } = configuration.limits;
  let limits: LimitsConfig;
  if (sendEveryReading) limits = NO_LIMITS;
  else if (rules.length === 0 && keepAlive === 60) limits = defaultLimits();
  else {
    try {
      limits = parseLimitsFile(JSON.stringify({ rules, keepAlive }));
    } catch (problem) {
      throw new Error(`bandwidth rules: ${(problem as Error).message}`, { cause: problem });
    }
  }
  return { configuration, limits };
}

/** The link's state in one line, for the plugin's status in the admin UI. */
export function describeLink(status: AgentStatus, nowMs: number): { message: string; error: boolean } {
  const { link, queue } = status;
  const waiting = queue.deltas > 0 ? `; ${queue.deltas} deltas waiting` : '';
  const delivered = status.lastDelivery ? `; last delivery ${status.lastDelivery}` : '';
  switch (link.state) {
    case 'connected':
      return { message: `Connected to ${status.broker} as ${status.serial}${waiting}${delivered}`, error: false };
    case 'waiting': {
      const next = link.nextAttemptAt ? `; next attempt in ${Math.max(0, Math.round((Date.parse(link.nextAttemptAt) - nowMs) / 1000))} s` : '';
      return { message: `Not connected to ${status.broker}: ${link.lastError ?? 'the link is down'}${next}${waiting}`, error: true };
    }
    case 'connecting':
      return { message: `Connecting to ${status.broker}${waiting}`, error: false };
    default:
      return { message: 'Stopped', error: false };
  }
}

/** signalk-server's logging for the agent's: errors and warnings always, the rest with the plugin's debug on. */
function pluginLogger(app: PluginApp): Logger {
  return {
    error: (message) => app.error(message),
    warn: (message) => app.error(`warning: ${message}`),
    info: (message) => app.debug(message),
    debug: (message) => app.debug(message),
  };
}

export default function vesselLinkPlugin(app: PluginApp) {
  let agent: Agent | undefined;
  let lastStatus = '';

  const showStatus = (status: AgentStatus) => {
    const { message, error } = describeLink(status, Date.now());
    // Once a second while the queue moves: only a change is passed on to the admin UI.
    const key = `${error}${message.replace(/; last delivery .*$/, '')}`;
    if (key === lastStatus) return;
    lastStatus = key;
    if (error) app.setPluginError(message);
    else app.setPluginStatus(message);
  };

  return {
    id: PLUGIN_ID,
    name: 'Vessel Link',
    description: "Sends this boat's data to Vessel Link and carries out its commands",
    schema,
    uiSchema,

    start(rawConfiguration: unknown) {
      let read: ReturnType<typeof readConfiguration>;
      try {
        read = readConfiguration(rawConfiguration);
      } catch (error) {
        app.setPluginError(`Not started: ${(error as Error).message}. Set it in the plugin's configuration.`);
        return;
      }
      const { configuration, limits } = read;
      const directory = app.getDataDirPath();
      try {
        mkdirSync(directory, { recursive: true });
        agent = new Agent({
          mqttUrl: configuration.mqttUrl.trim(),
          serial: configuration.serial.trim(),
          secret: configuration.secret.trim(),
          version: packageJson.version,
          signalkApp: app,
          queue: { directory, maxBytes: Math.round(configuration.queueMaxMb * 1024 * 1024), maxAgeMs: configuration.queueMaxHours * 3_600_000 },
          logger: pluginLogger(app),
          batchMs: configuration.batchMs,
          limits,
          onStatus: showStatus,
        });
      } catch (error) {
        agent = undefined;
        app.setPluginError(`Not started: cannot use the queue folder ${directory}: ${(error as Error).message}`);
        return;
      }
      lastStatus = '';
      agent.start();
    },

    async stop() {
      const running = agent;
      agent = undefined;
      await running?.stop();
    },
  };
}
