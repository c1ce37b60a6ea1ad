/**
 * `vessels`: every vessel on the installation, as the operator sees it: owner, bridge,
 * subscription and members, composed from the vessel, auth, org, bridges and billing apis; and
 * transfers of ownership (vessel-transfers.ts).
 */
import Boom from '@hapi/boom';
import { Command } from 'commander';
import { subscriptionsOf, type VesselSubscription } from '../../src/modules/billing/api.js';
import { bridgeOfVessel, bridgesOfVessels, type VesselBridge } from '../../src/modules/bridges/api.js';
import { companiesByIds } from '../../src/modules/org/api.js';
import { listVessels, membersOfVessel, PERMISSION_AREAS, PERMISSION_FLAGS, type PermissionSet } from '../../src/modules/vessel/api.js';
import { openOptions, withApp, type App } from '../app.js';
import { parseEmail, parseId, parseText, withJson, type OutputOptions } from '../options.js';
import { present } from '../output.js';
import { cancelTransferCommand, transferCommand, transfersCommand } from './vessel-transfers.js';
import { NONE, shortDate, type RecordsView, type TableView } from '../ui/view.js';

const auth = (app: App) => app.server.plugins.auth.api;

interface VesselRow {
  id: number;
  name: string;
  ownerId: number;
  ownerEmail: string | null;
  groupName: string | null;
  homePort: string | null;
  bridgeSerial: string | null;
  online: boolean;
  memberCount: number;
  createdAt: string;
}

interface VesselMember {
  kind: 'person' | 'company';
  userId: number | null;
  companyId: number | null;
  name: string | null;
  email: string | null;
  status: 'pending' | 'active';
  paused: boolean;
  permissions: PermissionSet;
  /** e.g. `MANAGE alert, device; VIEW documents; +deviceControl`. */
  permissionSummary: string;
}

interface VesselDetail {
  id: number;
  name: string;
  groupName: string | null;
  homePort: string | null;
  createdAt: string;
  owner: { id: number; email: string; firstName: string; lastName: string } | null;
  bridge: VesselBridge | null;
  subscription: VesselSubscription | null;
  members: VesselMember[];
}

/** The areas held at MANAGE and at VIEW, then the flags granted, in short words. */
export function permissionSummary(p: PermissionSet): string {
  const areas = (level: 'MANAGE' | 'VIEW') => PERMISSION_AREAS.filter((a) => p[a] === level).map((a) => a.replace(/Manager$/, ''));
  const flags = PERMISSION_FLAGS.filter((f) => p[f]).map((f) => '+' + f.replace(/^allow(.)/, (_, c: string) => c.toLowerCase()));
  const parts = [
    ...(['MANAGE', 'VIEW'] as const).flatMap((level) => (areas(level).length ? [`${level} ${areas(level).join(', ')}`] : [])),
    ...(flags.length ? [flags.join(' ')] : []),
  ];
  return parts.join('; ') || 'none';
}

function vesselsTable(vessels: VesselRow[]): TableView {
  return {
    kind: 'table',
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'NAME' },
      { header: 'OWNER' },
      { header: 'GROUP' },
      { header: 'BRIDGE' },
      { header: 'ONLINE', tone: (c) => (c === 'yes' ? 'green' : 'gray') },
      { header: 'MEMBERS', align: 'right' },
    ],
    rows: vessels.map((v) => [
      String(v.id),
      v.name,
      v.ownerEmail ?? `#${v.ownerId}`,
      v.groupName ?? NONE,
      v.bridgeSerial ?? NONE,
      v.bridgeSerial ? (v.online ? 'yes' : 'no') : NONE,
      String(v.memberCount),
    ]),
    footer: `${vessels.length} vessel(s)`,
    empty: 'No vessels match.',
  };
}

function listCommand(): Command {
  return withJson(new Command('list'))
    .description('List vessels by name, with owner, bridge and member count')
    .option('--search <text>', 'only vessels whose name contains the text', parseText(200))
    .option('--owner <address>', 'only vessels owned by the user with this e-mail address', parseEmail)
    .action(async (options: OutputOptions & { search?: string; owner?: string }, command: Command) => {
      const vessels = await withApp(openOptions(command), async (app): Promise<VesselRow[]> => {
        let ownerId: number | undefined;
        if (options.owner) {
          const owner = await auth(app).findUserByEmail(options.owner);
          if (!owner) throw Boom.notFound(`No user with e-mail address ${options.owner}`);
          ownerId = owner.id;
        }
        const listed = await listVessels(app.db, { q: options.search, ownerId });
        const owners = await auth(app).usersByIds(listed.map((v) => v.ownerId));
        const bridges = await bridgesOfVessels(
          app.db,
          listed.map((v) => v.id),
        );
        return listed.map((v) => ({
          id: v.id,
          name: v.name,
          ownerId: v.ownerId,
          ownerEmail: owners.get(v.ownerId)?.email ?? null,
          groupName: v.groupName,
          homePort: v.homePort,
          bridgeSerial: bridges.get(v.id)?.serial ?? null,
          online: bridges.get(v.id)?.online ?? false,
          memberCount: v.memberCount,
          createdAt: v.createdAt,
        }));
      });
      await present(options, vessels, vesselsTable(vessels));
    });
}

async function vesselDetail(app: App, id: number): Promise<VesselDetail> {
  const [vessel] = await listVessels(app.db, { ids: [id] });
  if (!vessel) throw Boom.notFound(`No vessel with id ${id}`);
  const members = await membersOfVessel(app.db, id);
  const users = await auth(app).usersByIds([vessel.ownerId, ...members.flatMap((m) => (m.userId === null ? [] : [m.userId]))]);
  const companies = await companiesByIds(
    app.db,
    members.flatMap((m) => (m.companyId === null ? [] : [m.companyId])),
  );
  const owner = users.get(vessel.ownerId);
  return {
    id: vessel.id,
    name: vessel.name,
    groupName: vessel.groupName,
    homePort: vessel.homePort,
    createdAt: vessel.createdAt,
    owner: owner ? { id: owner.id, email: owner.email, firstName: owner.firstName, lastName: owner.lastName } : null,
    bridge: await bridgeOfVessel(app.db, id),
    subscription: (await subscriptionsOf(app.db, [id], new Date(app.ctx.clock.now()))).get(id) ?? null,
    members: members.map((m): VesselMember => {
      const user = m.userId === null ? undefined : users.get(m.userId);
      const company = m.companyId === null ? undefined : companies.get(m.companyId);
      return {
        kind: m.companyId === null ? 'person' : 'company',
        userId: m.userId,
        companyId: m.companyId,
        name: company?.name ?? (user ? `${user.firstName} ${user.lastName}`.trim() || null : null),
        email: company ? company.email : (user?.email ?? m.invitedEmail),
        status: m.status,
        paused: m.paused,
        permissions: m.permissions,
        permissionSummary: permissionSummary(m.permissions),
      };
    }),
  };
}

const personOf = (name: string | null, email: string | null) => [name, email && `<${email}>`].filter(Boolean).join(' ') || NONE;

function bridgeLine(b: VesselBridge | null): string {
  if (!b) return 'not paired';
  return `${b.serial} (#${b.id}), ${b.online ? 'online' : 'offline'}, last seen ${shortDate(b.lastSeen)}, version ${b.version ?? NONE}`;
}

function subscriptionLine(s: VesselSubscription | null): string {
  if (!s) return 'none';
  return `${s.valid ? 'valid until' : 'not valid; ends'} ${shortDate(s.validUntil)}, product(s) ${s.productIds.map((p) => `#${p}`).join(', ') || NONE}`;
}

function vesselView(v: VesselDetail): RecordsView {
  return {
    kind: 'records',
    records: [
      {
        title: `Vessel #${v.id} ${v.name}`,
        fields: [
          ['Owner', v.owner ? personOf(`${v.owner.firstName} ${v.owner.lastName}`.trim(), v.owner.email) : NONE],
          ['Group', v.groupName ?? NONE],
          ['Home port', v.homePort ?? NONE],
          ['Bridge', bridgeLine(v.bridge)],
          ['Subscription', subscriptionLine(v.subscription)],
          ['Members', String(v.members.length)],
          ['Created', shortDate(v.createdAt)],
        ],
      },
      ...v.members.map((m) => ({
        title: `${m.kind === 'company' ? 'Company' : 'Person'}: ${personOf(m.name, m.email)}`,
        fields: [
          ['Status', m.status + (m.paused ? ', paused' : '')],
          ['Permissions', m.permissionSummary],
        ] as Array<[string, string]>,
      })),
    ],
    empty: '',
  };
}

function showCommand(): Command {
  return withJson(new Command('show'))
    .description('Show a vessel: owner, bridge, subscription and members with their permissions')
    .argument('<id>', 'vessel id', parseId)
    .action(async (id: number, options: OutputOptions, command: Command) => {
      const vessel = await withApp(openOptions(command), (app) => vesselDetail(app, id));
      await present(options, vessel, vesselView(vessel));
    });
}

export function vesselsCommand(): Command {
  return new Command('vessels')
    .description('Vessels: list and details, and transfers of ownership')
    .addCommand(listCommand())
    .addCommand(showCommand())
    .addCommand(transferCommand())
    .addCommand(transfersCommand())
    .addCommand(cancelTransferCommand());
}
