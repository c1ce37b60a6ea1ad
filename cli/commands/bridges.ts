/**
 * `bridges`: reporting clients, the bridges' MQTT identities. `create` provisions one and
 * shows its secret once. The secret is keyed with the server's SESSION_SECRET, so the CLI must
 * run with the server's environment (same SESSION_SECRET, or the same DATA_DIR that keeps it).
 */
import { Command, InvalidArgumentError } from 'commander';
import { BridgeSecrets, provisionBridge } from '../../src/modules/bridges/api.js';
import { serial as serialSchema, version as versionSchema } from '../../src/modules/bridges/schemas.js';
import { randomCode } from '../../src/platform/secrets.js';
import { audited, openOptions, withApp } from '../app.js';
import { withJson, type OutputOptions } from '../options.js';
import { note, present } from '../output.js';

const parseWith = (schema: typeof serialSchema, message: string) => (value: string) => {
  const { error, value: parsed } = schema.validate(value);
  if (error) throw new InvalidArgumentError(message);
  return parsed as string;
};

function createCommand(): Command {
  return withJson(new Command('create'))
    .description('Provision a bridge: its MQTT secret (shown only this once) and its pairing code')
    .option('--serial <serial>', 'the serial printed on the bridge; a new VL-... serial when left out', parseWith(serialSchema, '3 to 64 letters, digits, - or _, starting with a letter or digit.'))
    .option('--version <version>', 'the software version it runs', parseWith(versionSchema, 'At most 64 letters, digits, ., +, - or _.'))
    .action(async (options: OutputOptions & { serial?: string; version?: string }, command: Command) => {
      const serial = options.serial ?? `VL-${randomCode(8)}`;
      const bridge = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'bridges create',
          { type: 'bridge', details: { serial } },
          async () => {
            const created = await provisionBridge(app.db, new BridgeSecrets(app.config.sessionSecret), { serial, version: options.version ?? null });
            return { id: created.bridgeId, serial, secret: created.secret, pairingCode: created.pairingCode };
          },
          (created) => created.id,
        ),
      );
      if (!options.json) note('The secret is shown only this once: put it on the bridge now. The owner pairs the bridge with a vessel using the pairing code.');
      await present(options, bridge, {
        kind: 'records',
        records: [{ title: `Bridge #${bridge.id}`, fields: [['Serial', bridge.serial], ['Secret', bridge.secret], ['Pairing code', bridge.pairingCode]] }],
        empty: '',
      });
    });
}

export function bridgesCommand(): Command {
  return new Command('bridges').description('Bridges (reporting clients): provisioning').addCommand(createCommand());
}
