/**
 * Transfers of a vessel's ownership (docs/decisions.md, "Transfer of ownership"): the owner starts
 * one to an e-mail address and confirms it with an e-mailed code, as for deleting the vessel; the
 * buyer accepts, choosing who stays on board, or declines; either side may cancel until then.
 * Nothing of the vessel changes before the acceptance, which changes everything in one transaction.
 */
import Boom from '@hapi/boom';
import { TRANSFER_DAYS, type IncomingTransfer, type TransferAcceptance, type TransferStatus, type VesselTransfer } from '../../../contracts/transfer.js';
import type { Database } from '../../db/knex.js';
import { recordAudit } from '../../platform/audit.js';
import { ruleRefused } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { formatDay, readerOf, translator } from '../../platform/i18n.js';
import type { Mailer } from '../../platform/mail.js';
import type { Caller } from '../../platform/routes.js';
import type { AuthApi } from '../auth/api.js';
import { companiesByIds } from '../org/api.js';
import { listVessels, membersOfVessel, transferOwnership } from '../vessel/api.js';
import * as repo from './repository.js';

/** What transfers need of the auth module: people, new accounts for buyers, and the e-mailed codes. */
export type TransferPeople = Pick<AuthApi, 'findUser' | 'findUserByEmail' | 'usersByIds' | 'inviteUser' | 'sendConfirmationCode' | 'consumeConfirmationCode'>;

/** The record the vessel's audit log shows for an accepted transfer. */
export const TRANSFER_ACTION = 'ownership transferred';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TransferDeps {
  db: Database;
  people: TransferPeople;
  mail: Mailer;
  events: EventBus;
  now: () => number;
  publicUrl: string;
}

const fullName = (u: { firstName: string; lastName: string; email: string }) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

export class TransferService {
  constructor(private readonly deps: TransferDeps) {}

  private get db() {
    return this.deps.db;
  }

  private nowIso(): string {
    return new Date(this.deps.now()).toISOString();
  }

  /** The status a reader sees: a pending transfer past its time has expired, stored or not. */
  private statusOf(row: repo.TransferRow): TransferStatus {
    if (row.status === 'unconfirmed') return 'pending';
    if (row.status === 'pending' && Date.parse(row.expires_at) <= this.deps.now()) return 'expired';
    return row.status;
  }

  private async vessel(vesselId: number) {
    const [vessel] = await listVessels(this.db, { ids: [vesselId] });
    if (!vessel) throw Boom.notFound('Vessel not found');
    return vessel;
  }

  private async views(rows: repo.TransferRow[]): Promise<VesselTransfer[]> {
    const vessels = new Map((await listVessels(this.db, { ids: [...new Set(rows.map((r) => r.vessel_id))] })).map((v) => [v.id, v.name]));
    const sellers = await this.deps.people.usersByIds([...new Set(rows.map((r) => r.seller_id))]);
    return rows.map((r) => {
      const seller = sellers.get(r.seller_id);
      return {
        id: r.id,
        vesselId: r.vessel_id,
        vesselName: vessels.get(r.vessel_id) ?? '',
        status: this.statusOf(r),
        seller: { userId: r.seller_id, email: seller?.email ?? '', name: seller ? fullName(seller) : '' },
        buyerEmail: r.buyer_email,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        decidedAt: r.decided_at,
      };
    });
  }

  private async view(row: repo.TransferRow): Promise<VesselTransfer> {
    return (await this.views([row]))[0];
  }

  /** Refuses a second transfer while one waits for its answer; one that ran out is marked expired. */
  private async assertNonePending(vesselId: number): Promise<void> {
    for (const row of await repo.transfersOfVessel(this.db, vesselId, ['pending'])) {
      if (this.statusOf(row) === 'pending') throw Boom.conflict('A transfer of this vessel is already waiting for an answer');
      await repo.moveTransfer(this.db, row.id, 'pending', { status: 'expired', decided_at: row.expires_at });
    }
  }

  /** A transfer nobody but the seller knows of yet (one at a time per vessel); the buyer's time starts when it is offered. */
  private async draft(vesselId: number, sellerId: number, email: string): Promise<number> {
    await this.assertNonePending(vesselId);
    await repo.deleteUnconfirmed(this.db, vesselId);
    const now = this.deps.now();
    return repo.insertTransfer(this.db, {
      vessel_id: vesselId,
      seller_id: sellerId,
      buyer_email: email,
      status: 'unconfirmed',
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + TRANSFER_DAYS * DAY_MS).toISOString(),
    });
  }

  /** First step: the owner names the buyer; the code to confirm goes to the owner's e-mail. */
  async start(caller: Caller, vesselId: number, email: string): Promise<void> {
    const vessel = await this.vessel(vesselId);
    if (email === caller.email.toLowerCase()) throw ruleRefused('You already own this vessel');
    const id = await this.draft(vesselId, vessel.ownerId, email);
    await this.deps.people.sendConfirmationCode(caller.id, 'transfer_vessel', String(id), (language) =>
      translator(language, 'transfer')('code', { vessel: vessel.name, email }),
    );
  }

  /** Second step: the owner's code makes the transfer wait for the buyer, who is told. */
  async confirm(caller: Caller, vesselId: number, code: string): Promise<VesselTransfer> {
    const id = Number(await this.deps.people.consumeConfirmationCode(caller.id, 'transfer_vessel', code));
    const row = await repo.findTransfer(this.db, id);
    if (!row || row.vessel_id !== vesselId || row.status !== 'unconfirmed') throw ruleRefused('The confirmation code is invalid or has expired');
    return this.offer(row, caller.email, caller.id);
  }

  /** The operator starts a transfer for the owner (the admin CLI, which needs no code): it waits for the buyer at once. */
  async startAsOperator(vesselId: number, email: string): Promise<VesselTransfer> {
    const vessel = await this.vessel(vesselId);
    const owner = await this.deps.people.findUser(vessel.ownerId);
    if (owner?.email === email) throw ruleRefused('This address is the owner’s own');
    const id = await this.draft(vesselId, vessel.ownerId, email);
    return this.offer((await repo.findTransfer(this.db, id))!, owner?.email ?? null, owner?.id ?? null);
  }

  /** Makes a confirmed transfer wait for the buyer, and mails them: an address without an account gets one to activate, as invitations do. */
  private async offer(row: repo.TransferRow, sellerEmail: string | null, sellerId: number | null): Promise<VesselTransfer> {
    await this.assertNonePending(row.vessel_id);
    const vessel = await this.vessel(row.vessel_id);
    const expiresAt = new Date(this.deps.now() + TRANSFER_DAYS * DAY_MS).toISOString();
    // An address with no account yet reads the seller's language.
    const { user } = await this.deps.people.inviteUser(
      row.buyer_email,
      ({ language, timeZone }) => {
        const t = translator(language, 'transfer');
        return {
          subject: t('offer.subject', { vessel: vessel.name }),
          text: t('offer.text', {
            seller: sellerEmail ?? t('offer.theOwner'),
            vessel: vessel.name,
            link: `${this.deps.publicUrl}/dashboard`,
            date: formatDay(expiresAt, language, timeZone),
          }),
        };
      },
      sellerId,
    );
    await repo.moveTransfer(this.db, row.id, 'unconfirmed', { status: 'pending', buyer_id: user.id, expires_at: expiresAt });
    return this.view((await repo.findTransfer(this.db, row.id))!);
  }

  /** The transfer of the vessel waiting for its buyer, or null (the owner's view). */
  async pendingOf(vesselId: number): Promise<VesselTransfer | null> {
    const rows = await repo.transfersOfVessel(this.db, vesselId, ['pending']);
    const row = rows.find((r) => this.statusOf(r) === 'pending');
    return row ? this.view(row) : null;
  }

  /** Transfers offered to the caller, with who is on board now (what the buyer chooses from). */
  async incoming(userId: number): Promise<IncomingTransfer[]> {
    const rows = (await repo.pendingForBuyer(this.db, userId)).filter((r) => this.statusOf(r) === 'pending');
    const views = await this.views(rows);
    return Promise.all(
      views.map(async (view) => {
        const grants = await membersOfVessel(this.db, view.vesselId);
        const people = grants.filter((g) => g.userId !== null && g.userId !== userId);
        const users = await this.deps.people.usersByIds(people.map((g) => g.userId!));
        const companies = await companiesByIds(
          this.db,
          grants.flatMap((g) => (g.companyId === null ? [] : [g.companyId])),
        );
        return {
          ...view,
          members: people.flatMap((g) => {
            const u = users.get(g.userId!);
            return u
              ? [{ userId: u.id, email: u.email, name: g.status === 'pending' ? (g.invitedEmail ?? u.email) : fullName(u), pending: g.status === 'pending' }]
              : [];
          }),
          companies: [...companies.values()].map((c) => ({ companyId: c.id, name: c.name })),
        };
      }),
    );
  }

  /** The buyer's transfer, still waiting: another's (or a missing one) is a 404, one answered or run out a 418. */
  private async answerable(caller: Caller, id: number): Promise<repo.TransferRow> {
    const row = await repo.findTransfer(this.db, id);
    if (!row || row.buyer_id !== caller.id || row.status === 'unconfirmed') throw Boom.notFound('Transfer not found');
    const status = this.statusOf(row);
    if (status !== 'pending') throw ruleRefused(`This transfer has already been ${status === 'expired' ? 'left to expire' : status}`);
    return row;
  }

  /**
   * The buyer takes the vessel, in one transaction: the transfer is answered, the vessel changes
   * owner (only if the seller still owns it), every grant but the kept ones goes, and the audit log
   * records it. The subscription belongs to the vessel and stays with it.
   */
  async accept(caller: Caller, id: number, keep: TransferAcceptance): Promise<VesselTransfer> {
    const row = await this.answerable(caller, id);
    const seller = await this.deps.people.findUser(row.seller_id);
    const at = this.nowIso();
    await this.db.transaction(async (trx) => {
      if (!(await repo.moveTransfer(trx, id, 'pending', { status: 'accepted', decided_at: at, kept: JSON.stringify(keep) })))
        throw ruleRefused('This transfer has already been answered');
      const removed = await transferOwnership(trx, row.vessel_id, row.seller_id, caller.id, { userIds: keep.keepMembers, companyIds: keep.keepCompanies });
      await recordAudit(trx, {
        actorId: caller.id,
        actorEmail: caller.email,
        action: TRANSFER_ACTION,
        targetType: 'vessel',
        targetId: String(row.vessel_id),
        vesselId: row.vessel_id,
        outcome: 200,
        details: {
          transferId: id,
          from: { id: row.seller_id, email: seller?.email ?? null },
          to: { id: caller.id, email: caller.email },
          keptMembers: keep.keepMembers,
          keptCompanies: keep.keepCompanies,
          removed: removed.map((g) => (g.companyId !== null ? { companyId: g.companyId } : { userId: g.userId })),
        },
      });
    });
    this.deps.events.emit('access.changed', {});
    const view = await this.view((await repo.findTransfer(this.db, id))!);
    if (seller) {
      const t = translator(readerOf(seller).language, 'transfer');
      const words = { vessel: view.vesselName, buyer: caller.email };
      await this.deps.mail.send({ to: seller.email, subject: t('accepted.subject', words), text: t('accepted.text', words) });
    }
    return view;
  }

  async decline(caller: Caller, id: number): Promise<VesselTransfer> {
    await this.answerable(caller, id);
    return this.close(id, 'declined', caller.email);
  }

  /** Either side withdraws before the acceptance. */
  async cancel(caller: Caller, id: number): Promise<VesselTransfer> {
    const row = await repo.findTransfer(this.db, id);
    if (!row || row.status === 'unconfirmed' || (row.seller_id !== caller.id && row.buyer_id !== caller.id)) throw Boom.notFound('Transfer not found');
    const status = this.statusOf(row);
    if (status !== 'pending') throw ruleRefused(`This transfer has already been ${status === 'expired' ? 'left to expire' : status}`);
    return this.close(id, 'cancelled', caller.email);
  }

  /** The operator cancels a waiting transfer (the admin CLI). */
  async cancelAsOperator(id: number): Promise<VesselTransfer> {
    const row = await repo.findTransfer(this.db, id);
    if (!row || row.status === 'unconfirmed') throw Boom.notFound(`No transfer with id ${id}`);
    if (this.statusOf(row) !== 'pending') throw ruleRefused(`This transfer is ${this.statusOf(row)}, not waiting for an answer`);
    return this.close(id, 'cancelled', null);
  }

  /** Ends a waiting transfer without a change of owner, and tells the other side. */
  /** `by` is who ended it, null for an administrator. */
  private async close(id: number, status: 'declined' | 'cancelled', by: string | null): Promise<VesselTransfer> {
    if (!(await repo.moveTransfer(this.db, id, 'pending', { status, decided_at: this.nowIso() }))) throw ruleRefused('This transfer has already been answered');
    const view = await this.view((await repo.findTransfer(this.db, id))!);
    const told = [view.seller.email, view.buyerEmail].filter((to) => to && to !== by?.toLowerCase());
    for (const to of told) {
      const t = translator(readerOf(await this.deps.people.findUserByEmail(to)).language, 'transfer');
      const words = { vessel: view.vesselName, buyer: view.buyerEmail, by: by ?? t('cancelled.anAdministrator') };
      await this.deps.mail.send({
        to,
        subject: status === 'declined' ? t('declined.subject', words) : t('cancelled.subject', words),
        text: status === 'declined' ? t('declined.text', words) : t('cancelled.text', words),
      });
    }
    return view;
  }

  /** Every transfer, newest first, optionally of one vessel (the operator's list). */
  async list(filter: { vesselId?: number; pendingOnly?: boolean }): Promise<VesselTransfer[]> {
    const rows = await repo.listTransfers(this.db, { vesselId: filter.vesselId, statuses: ['pending', 'accepted', 'declined', 'cancelled', 'expired'] });
    const views = await this.views(rows);
    return filter.pendingOnly ? views.filter((v) => v.status === 'pending') : views;
  }
}
