/**
 * A company's clients (docs/api.md, "Organisation"): people added by e-mail, who accept an
 * invitation valid for 14 days, their vessels, notes the staff keep on them, and two-step
 * unlinking (an e-mailed code, like every two-step confirmation).
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import { translator } from '../../platform/i18n.js';
import type { ClientNote, ClientVessel, ClientView } from '../../../contracts/organisation.js';
import { grantsOfCompany } from '../access/api.js';
import * as clientsRepo from './clients-repository.js';
import type { VesselDirectory } from './directory.js';
import { type Clock, fullName, INVITATION_TTL_MS, membershipOf, orgLetter, type People, statusAt } from './membership.js';

const clientMissing = () => Boom.notFound('Client not found');

export class ClientsService {
  constructor(
    private readonly db: Db,
    private readonly people: People,
    private readonly vessels: VesselDirectory,
    private readonly clock: Clock,
  ) {}

  async list(userId: number): Promise<ClientView[]> {
    const { company } = await membershipOf(this.db, userId);
    return this.views(await clientsRepo.clientsOfCompany(this.db, company.id));
  }

  async details(userId: number, clientId: number): Promise<ClientView> {
    return (await this.views([await this.client(userId, clientId)]))[0];
  }

  /** The client's vessels (only once they accepted), and whether the company may reach each. */
  async vesselsOf(userId: number, clientId: number): Promise<ClientVessel[]> {
    const client = await this.client(userId, clientId);
    if (client.status !== 'active' || client.userId === null) return [];
    const reachable = new Set((await grantsOfCompany(this.db, client.companyId, this.clock.now())).map((g) => g.vesselId));
    return (await this.vessels.vesselsOwnedBy(this.db, client.userId)).map((v) => ({ id: v.id, name: v.name, companyAccess: reachable.has(v.id) }));
  }

  async add(userId: number, email: string): Promise<ClientView> {
    const { company } = await membershipOf(this.db, userId, 'manageClients');
    // Refused before anything is mailed.
    const known = await this.people.findUserByEmail(email);
    if (known && (await clientsRepo.findClientByUser(this.db, company.id, known.id))) throw Boom.conflict('This person is already a client or invited');
    const { user } = await this.people.inviteUser(email, orgLetter('org:clientInvite.subject', 'org:clientInvite.text', company.name), userId);
    const id = await clientsRepo.insertClientInvitation(this.db, {
      companyId: company.id,
      userId: user.id,
      email: user.email,
      invitedBy: userId,
      expiresAt: this.expiry(),
    });
    return this.details(userId, id);
  }

  async resendInvite(userId: number, clientId: number): Promise<ClientView> {
    const { company } = await membershipOf(this.db, userId, 'manageClients');
    const client = await clientsRepo.findClient(this.db, company.id, clientId);
    if (!client) throw clientMissing();
    if (client.status !== 'pending' || client.invitedEmail === null) throw ruleRefused('This client has already accepted the invitation');
    await this.people.inviteUser(client.invitedEmail, orgLetter('org:clientInvite.subject', 'org:clientInvite.resendText', company.name), userId);
    await clientsRepo.updateClient(this.db, client.id, { expiresAt: this.expiry() });
    return this.details(userId, client.id);
  }

  /**
   * Unlinks a client in two steps: without a code, e-mails the caller a code (15 minutes, single
   * use); with it, removes the client and the notes on them. A pending invitation is withdrawn
   * at once (nothing is lost).
   */
  async remove(userId: number, clientId: number, code?: string): Promise<{ codeSent: true } | { id: number; deleted: true }> {
    const { company } = await membershipOf(this.db, userId, 'manageClients');
    const client = await clientsRepo.findClient(this.db, company.id, clientId);
    if (!client) throw clientMissing();
    const target = `${company.id}:${client.id}`;
    if (client.status === 'active') {
      if (code === undefined) {
        await this.people.sendConfirmationCode(userId, 'remove_company_client', target, (language) => translator(language, 'org')('code.removeClient'));
        return { codeSent: true };
      }
      if ((await this.people.consumeConfirmationCode(userId, 'remove_company_client', code)) !== target)
        throw ruleRefused('The confirmation code is invalid or has expired');
    }
    await clientsRepo.deleteClient(this.db, client.id);
    return { id: client.id, deleted: true };
  }

  async notes(userId: number, clientId: number): Promise<ClientNote[]> {
    const client = await this.client(userId, clientId);
    const notes = await clientsRepo.notesOf(this.db, client.id);
    const authors = await this.people.usersByIds(notes.flatMap((n) => (n.authorId === null ? [] : [n.authorId])));
    return notes.map((n) => ({
      id: n.id,
      messageText: n.messageText,
      authorId: n.authorId,
      authorName: fullName(n.authorId === null ? undefined : authors.get(n.authorId), 'Former staff member'),
      createdAt: n.createdAt,
    }));
  }

  /** Every staff member may write a note on a client of the company. */
  async addNote(userId: number, clientId: number, messageText: string): Promise<ClientNote> {
    const client = await this.client(userId, clientId);
    const note = await clientsRepo.insertNote(this.db, client.id, userId, messageText);
    return (await this.notes(userId, client.id)).find((n) => n.id === note.id)!;
  }

  /** The author, or a member who manages clients. */
  async deleteNote(userId: number, clientId: number, noteId: number): Promise<void> {
    const { staff } = await membershipOf(this.db, userId);
    const client = await this.client(userId, clientId);
    const note = await clientsRepo.findNote(this.db, client.id, noteId);
    if (!note) throw Boom.notFound('Note not found');
    if (note.authorId !== userId && !staff.permissions.manageClients) throw Boom.forbidden('Only its author or a member who manages clients can delete a note');
    await clientsRepo.deleteNote(this.db, note.id);
  }

  /** A client of the caller's company; other companies' clients answer 404 like missing ones. */
  private async client(userId: number, clientId: number): Promise<clientsRepo.Client> {
    const { company } = await membershipOf(this.db, userId);
    return (await clientsRepo.findClient(this.db, company.id, clientId)) ?? Promise.reject(clientMissing());
  }

  private async views(clients: clientsRepo.Client[]): Promise<ClientView[]> {
    const accepted = clients.flatMap((c) => (c.status === 'active' && c.userId !== null ? [c.userId] : []));
    const [users, counts] = await Promise.all([
      this.people.usersByIds(clients.flatMap((c) => (c.userId === null ? [] : [c.userId]))),
      this.vessels.vesselCountsOwnedBy(this.db, accepted),
    ]);
    const now = this.clock.now();
    return clients.map((c) => {
      const u = c.userId === null ? undefined : users.get(c.userId);
      const active = c.status === 'active' && c.userId !== null;
      return {
        id: c.id,
        userId: c.userId,
        email: u?.email ?? c.invitedEmail,
        // Names and phone only once the person accepted to be a client.
        firstName: active ? (u?.firstName ?? '') : '',
        lastName: active ? (u?.lastName ?? '') : '',
        phone: active ? (u?.phone ?? null) : null,
        status: statusAt(c, now),
        since: c.acceptedAt ?? c.createdAt,
        expiresAt: c.status === 'pending' ? c.expiresAt : null,
        vesselCount: active ? (counts.get(c.userId!) ?? 0) : 0,
      };
    });
  }

  private expiry(): string {
    return new Date(this.clock.now() + INVITATION_TTL_MS).toISOString();
  }
}
