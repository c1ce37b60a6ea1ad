/**
 * What other modules may ask of the messaging module (`server.plugins.messaging.api`): starting a
 * thread about a vessel with its first message, as its creator would (the service module's
 * requests from an alarm), and telling users' live streams that a service request of theirs changed.
 */
import type { MessagingEventMap } from '../../../contracts/messaging.js';

export interface MessagingApi {
  /**
   * Starts a thread from `userId` with `userIds` (the creator's contacts, as for POST
   * messages/threads) about a vessel, and posts its first message; answers the thread's id.
   */
  startThread(userId: number, thread: { userIds: number[]; name: string; vesselId: number; text: string }): Promise<number>;
  /** Sends a `serviceRequest` event on these users' live streams (`GET messages/live`). */
  announceServiceRequest(userIds: Iterable<number>, event: MessagingEventMap['serviceRequest']): void;
}
