/**
 * `bridges update` and `bridges rollouts`: staged software rollouts. Bridges are connected to the
 * running server's broker, not to this process, so these commands use the server's HTTP API
 * (docs/api.md, admin rollouts) as an administrator: e-mail from --email or VESSEL_LINK_EMAIL,
 * password from stdin (--password-stdin) or VESSEL_LINK_PASSWORD, server from --url (PUBLIC_URL).
 */
import { setTimeout as wait } from 'node:timers/promises';
import { Command, Option } from 'commander';
import { loadConfig } from '../../src/config.js';
import type { RolloutTarget, RolloutView } from '../../src/modules/bridges/api.js';
import { UsageError } from '../errors.js';
import { signIn, type ApiClient } from '../http.js';
import { parseEmail, parseId, parseInteger, readStdin, withJson, type OutputOptions } from '../options.js';
import { note, present, progress } from '../output.js';
import { fieldsOf, tableOf } from '../table.js';
import { shortDate, type View } from '../ui/view.js';

type Rollout = RolloutView & { targets: RolloutTarget[] };

interface ServerFlags {
  url?: string;
  email?: string;
  passwordStdin?: boolean;
}

const withServer = (command: Command): Command =>
  command
    .option('--url <url>', 'the running server (default: PUBLIC_URL)')
    .option('--email <email>', 'an administrator’s e-mail (default: VESSEL_LINK_EMAIL)', parseEmail)
    .option('--password-stdin', 'read the administrator’s password from stdin (default: VESSEL_LINK_PASSWORD)');

async function connect(flags: ServerFlags): Promise<{ api: ApiClient; password: string }> {
  const email = flags.email ?? process.env.VESSEL_LINK_EMAIL;
  if (!email) throw new UsageError('Give an administrator’s e-mail with --email or VESSEL_LINK_EMAIL.');
  const password = flags.passwordStdin ? await readStdin() : process.env.VESSEL_LINK_PASSWORD;
  if (!password) throw new UsageError('Give the password on stdin with --password-stdin, or in VESSEL_LINK_PASSWORD.');
  const url = flags.url ?? loadConfig().publicUrl;
  return { api: await signIn(url, parseEmail(email), password), password };
}

const rolloutView = (r: Rollout): View => ({
  kind: 'records',
  records: [
    {
      title: `Rollout #${r.id}: ${r.version} (${r.status})`,
      fields: fieldsOf({
        stage: r.stage === 1 ? `1 (${r.percentage} %)` : '2 (all)',
        progress: `${r.progress} %`,
        bridges: `${r.counts.total}: ${r.counts.completed} completed, ${r.counts.failed} failed, ${r.counts.inProgress} in progress, ${r.counts.waiting} waiting`,
        stopReason: r.stopReason,
      }),
      body: r.targets.map((t) => `${t.serial.padEnd(20)} ${t.state.padEnd(12)} ${t.progress ?? ''} ${t.message ?? ''}`.trimEnd()).join('\n'),
    },
  ],
  empty: '',
});

/** Follows a rollout until its released bridges have all finished, or it stops. */
async function follow(api: ApiClient, id: number, options: OutputOptions): Promise<Rollout> {
  let rollout = await api.call<Rollout>('GET', `admin/rollouts/${id}`);
  const bar = await progress(options, `Rollout ${rollout.version}`, 100);
  try {
    for (;;) {
      const failed = rollout.targets.filter((t) => t.state === 'FAILED').map((t) => t.serial);
      bar.set(rollout.progress, `${rollout.counts.completed}/${rollout.counts.released} done${failed.length ? `, failed: ${failed.join(', ')}` : ''}`);
      const settled = rollout.counts.released === rollout.counts.completed + rollout.counts.failed;
      if (rollout.status !== 'running' || settled) return rollout;
      await wait(2000);
      rollout = await api.call<Rollout>('GET', `admin/rollouts/${id}`);
    }
  } finally {
    await bar.finish();
  }
}

export function updateCommand(): Command {
  return withServer(withJson(new Command('update')))
    .description('Roll a software version out to bridges in stages, following its progress')
    .requiredOption('--version <version>', 'the version to install, e.g. 2.1.0')
    .addOption(new Option('--all', 'every bridge').conflicts('bridge'))
    .option('--bridge <ids...>', 'these bridges (ids)', (v: string, prev: number[] = []) => [...prev, parseId(v)])
    .option('--percentage <n>', 'the first stage: this share of the bridges', parseInteger(1, 100), 100)
    .option('--failure-percent <n>', 'stop by itself when more than this share of the bridges sent the update fail', parseInteger(0, 100))
    .option('--no-wait', 'start it and return at once')
    .addHelpText(
      'after',
      `\nExamples:\n  printf %s "$PW" | vessel-link bridges update --version 2.1.0 --all --percentage 10 --email admin@example.com --password-stdin\n  VESSEL_LINK_EMAIL=admin@example.com VESSEL_LINK_PASSWORD=… vessel-link bridges update --version 2.1.0 --bridge 4 --bridge 7 --json\n  vessel-link bridges rollouts 3 --advance`,
    )
    .action(
      async (
        options: OutputOptions &
          ServerFlags & { version: string; all?: boolean; bridge?: number[]; percentage: number; failurePercent?: number; wait: boolean },
      ) => {
        if (!options.all && !options.bridge?.length) throw new UsageError('Choose the bridges: --all or --bridge <id> (repeatable).');
        const { api, password } = await connect(options);
        const created = await api.call<Rollout>('POST', 'admin/rollouts', {
          version: options.version,
          ...(options.all ? { all: true } : { bridgeIds: options.bridge }),
          percentage: options.percentage,
          ...(options.failurePercent !== undefined ? { failurePercent: options.failurePercent } : {}),
          adminPassword: password,
        });
        const rollout = options.wait ? await follow(api, created.id, options) : created;
        if (!options.json && rollout.status === 'running' && rollout.stage === 1 && rollout.counts.released < rollout.counts.total) {
          note(`First stage done. Release the rest with: vessel-link bridges rollouts ${rollout.id} --advance`);
        }
        await present(options, rollout, rolloutView(rollout));
      },
    );
}

export function rolloutsCommand(): Command {
  return withServer(withJson(new Command('rollouts')))
    .description('List software rollouts, or show, advance or stop one')
    .argument('[id]', 'a rollout id', parseId)
    .addOption(new Option('--advance', 'release the rollout to all its bridges').conflicts('stop'))
    .option('--stop', 'stop the rollout')
    .addHelpText('after', '\nExamples:\n  vessel-link bridges rollouts --json\n  vessel-link bridges rollouts 3\n  vessel-link bridges rollouts 3 --stop')
    .action(async (id: number | undefined, options: OutputOptions & ServerFlags & { advance?: boolean; stop?: boolean }) => {
      const { api } = await connect(options);
      if (id === undefined) {
        if (options.advance || options.stop) throw new UsageError('--advance and --stop need a rollout id.');
        const list = await api.call<RolloutView[]>('GET', 'admin/rollouts');
        await present(
          options,
          list,
          tableOf(
            list,
            [
              { header: 'ID', align: 'right', cell: (r) => r.id },
              { header: 'VERSION', cell: (r) => r.version },
              { header: 'STATUS', cell: (r) => r.status, tone: (c) => (c === 'completed' ? 'green' : c === 'stopped' ? 'red' : 'yellow') },
              { header: 'STAGE', align: 'right', cell: (r) => (r.stage === 1 ? `${r.percentage} %` : 'all') },
              { header: 'DONE', align: 'right', cell: (r) => `${r.counts.completed}/${r.counts.total}` },
              { header: 'FAILED', align: 'right', cell: (r) => r.counts.failed },
              { header: 'STARTED', cell: (r) => shortDate(r.createdAt) },
            ],
            `${list.length} rollout(s)`,
            'No rollouts yet.',
          ),
        );
        return;
      }
      const rollout = options.advance
        ? await api.call<Rollout>('POST', `admin/rollouts/${id}/advance`)
        : options.stop
          ? await api.call<Rollout>('POST', `admin/rollouts/${id}/stop`)
          : await api.call<Rollout>('GET', `admin/rollouts/${id}`);
      await present(options, rollout, rolloutView(rollout));
    });
}
