/**
 * A transfer of a vessel's ownership (docs/api.md, "Transfer of ownership"): the seller starts it
 * to an e-mail address, the buyer accepts (choosing who stays on board) or declines.
 */

/** `pending` waits for the buyer; the others are final. An unanswered transfer expires after `TRANSFER_DAYS`. */
export type TransferStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/** How long the buyer has to answer. */
export const TRANSFER_DAYS = 14;

export interface VesselTransfer {
  id: number;
  vesselId: number;
  vesselName: string;
  status: TransferStatus;
  seller: { userId: number; email: string; name: string };
  buyerEmail: string;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
}

/** A transfer offered to the caller, with the people and companies on board that the buyer may keep. */
export interface IncomingTransfer extends VesselTransfer {
  members: Array<{ userId: number; email: string; name: string; pending: boolean }>;
  companies: Array<{ companyId: number; name: string }>;
}

/** The buyer's acceptance: who stays (everyone else, the seller included, loses access). */
export interface TransferAcceptance {
  keepMembers: number[];
  keepCompanies: number[];
}
