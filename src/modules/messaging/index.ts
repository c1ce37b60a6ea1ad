/**
 * The messaging module: threads between owners, crew and companies, optionally about a vessel,
 * with attachments, read receipts, the user's live stream and the e-mail digest of unread
 * messages. It reaches access, auth, org and alerts only through their api.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import type { MessagingApi } from './api.js';
import { Contacts } from './contacts.js';
import { DIGEST_SWEEP_MS, MessageDigest } from './digest.js';
import { UserStreams } from './live.js';
import { listContacts } from './routes/contacts.js';
import { listGroups } from './routes/groups.js';
import { messagesLive } from './routes/live.js';
import { downloadAttachment } from './routes/messages/attachment.js';
import { deleteMessage } from './routes/messages/delete.js';
import { MESSAGE_LIMIT, postMessage } from './routes/messages/post.js';
import { searchMessages } from './routes/messages/search.js';
import { createThread } from './routes/threads/create.js';
import { deleteThread } from './routes/threads/delete.js';
import { leaveThread } from './routes/threads/leave.js';
import { listThreads } from './routes/threads/list.js';
import { threadMessages } from './routes/threads/messages.js';
import { pingThread } from './routes/threads/ping.js';
import { threadStats } from './routes/threads/stats.js';
import { updateThread } from './routes/threads/update.js';
import { vesselThreads } from './routes/vessel-threads.js';
import { MessagingService } from './service.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    messaging: { service: MessagingService; live: UserStreams; digest: MessageDigest; api: MessagingApi };
  }
}

export const messagingModule: Plugin<ModuleOptions> = {
  name: 'messaging',
  dependencies: ['auth', 'access', 'org', 'alerts'],
  register(server, { ctx }) {
    const auth = server.plugins.auth.api;
    const access = server.plugins.access.api;
    const live = new UserStreams(ctx, (request) => auth.sessionUserOf(request.auth.credentials));
    const service = new MessagingService(ctx.db, access, auth, new Contacts(ctx.db, access, auth), live, () => ctx.clock.now());
    const digest = new MessageDigest(ctx, auth, access, () => ctx.clock.now());
    server.expose('service', service);
    server.expose('live', live);
    server.expose('digest', digest);
    server.expose('api', {
      startThread: async (userId, { userIds, name, vesselId, text }) => {
        const thread = await service.create(userId, { userIds, name, vesselId });
        await service.post(userId, { threadId: thread.id, text, files: [] });
        return thread.id;
      },
      announceServiceRequest: (userIds, event) => live.publish(userIds, 'serviceRequest', event),
    } satisfies MessagingApi);

    ctx.scheduler.every('messaging.digest', DIGEST_SWEEP_MS, () => digest.sweep());
    server.ext('onPreStop', () => live.stop());

    server.route([
      listContacts(service),
      listGroups(service),
      listThreads(service),
      threadStats(service),
      createThread(service),
      updateThread(service),
      deleteThread(service),
      leaveThread(service),
      threadMessages(service),
      pingThread(service),
      postMessage(service, ctx.limits.limiter('messages.post', MESSAGE_LIMIT, 'You are sending messages too fast. Please wait a minute.')),
      deleteMessage(service),
      downloadAttachment(service),
      searchMessages(service),
      messagesLive(service, live),
      vesselThreads(service),
    ]);
  },
};
