/**
 * The routines module: automations a vessel's members write (triggers, conditions, actions),
 * run by the engine inside the server on the bus's events and on timers, each run traced. It
 * reaches commands, devices and telemetry (properties, values, history), alerts (its own alert),
 * notifications (notices) and bridges only through their api. docs/architecture.md, "Routines".
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { translator } from '../../platform/i18n.js';
import { allows } from '../access/api.js';
import { applyRoutineAlert } from '../alerts/api.js';
import { bridgeOfVessel } from '../bridges/api.js';
import { RoutineEngine } from './engine.js';
import { createRoutine } from './routes/create.js';
import { deleteRoutine } from './routes/delete.js';
import { dryRunRoutine } from './routes/dry-run.js';
import { getRoutine } from './routes/get.js';
import { listRoutines } from './routes/list.js';
import { pauseRoutine } from './routes/pause.js';
import { routineRuns } from './routes/runs.js';
import { testConditions } from './routes/test-conditions.js';
import type { ActionPorts } from './runner.js';
import { RoutinesService } from './service.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    routines: { engine: RoutineEngine };
  }
}

export const routinesModule: Plugin<ModuleOptions> = {
  name: 'routines',
  dependencies: ['auth', 'access', 'bridges', 'alerts', 'commands', 'notifications'],
  register(server, { ctx }) {
    const access = server.plugins.access.api;
    const requests = server.plugins.commands.api;
    const notifications = server.plugins.notifications.api;
    const auth = server.plugins.auth.api;

    const ports: ActionPorts = {
      async command(routine, action, requestId) {
        const refused = engine.claimCommand(routine.id, action.propertyId);
        if (refused) {
          ctx.log.warn('routine command refused by the interlock', { routineId: routine.id, propertyId: action.propertyId });
          return { ok: false, message: refused };
        }
        // It acts with its author's authority, as it stands now (docs/decisions.md, "Routines").
        const author = routine.createdBy === null ? null : await access.accessOf(routine.createdBy, routine.vesselId);
        if (!author || author.paused || !allows(author, { area: 'deviceManager', level: 'VIEW' }) || !allows(author, { flag: 'allowDeviceControl' }))
          return { ok: false, message: 'The routine’s author may no longer control devices on this vessel' };
        const bridge = await bridgeOfVessel(ctx.db, routine.vesselId);
        const target = await requests.target(bridge, action.propertyId);
        await access.requireCloudService(routine.vesselId, 'commands');
        const status = await requests.send(routine.vesselId, target, { value: action.value, requestId });
        const said = status.message ? `: ${status.message}` : '';
        return { ok: status.state === 'CONFIRMED', message: `${target.property.path} ← ${JSON.stringify(action.value)}: ${status.state}${said}` };
      },
      async raiseAlert(routine, action) {
        engine.markOwnAlert(routine.id);
        const change = await applyRoutineAlert(ctx.db, ctx.events, routine.vesselId, routine.id, action, engine.clock.now());
        return change ? `Alert ${change.change}: ${action.message}` : 'The alert was already raised';
      },
      async clearAlert(routine) {
        engine.markOwnAlert(routine.id);
        const change = await applyRoutineAlert(ctx.db, ctx.events, routine.vesselId, routine.id, 'clear', engine.clock.now());
        return change ? 'Alert cleared' : 'No alert of this routine was active';
      },
      async notify(routine, action) {
        const userIds = action.userIds ?? (routine.createdBy === null ? [] : [routine.createdBy]);
        const vesselName = (await access.vesselNames([routine.vesselId])).get(routine.vesselId) ?? `Vessel ${routine.vesselId}`;
        const priority = action.priority ?? 'warning';
        await notifications.notify(
          routine.vesselId,
          {
            vesselId: routine.vesselId,
            vesselName,
            priority,
            subject: `${vesselName}: ${routine.name}`,
            text: `${action.message}\n\n${translator('en', 'routines')('notice.sentBy', { routine: routine.name })}`,
            // The message is the routine's author's; the line under it is in each recipient's language.
            inLanguage: (language) => ({
              subject: `${vesselName}: ${routine.name}`,
              text: `${action.message}\n\n${translator(language, 'routines')('notice.sentBy', { routine: routine.name })}`,
            }),
          },
          userIds,
        );
        return `Notice sent to ${userIds.length} ${userIds.length === 1 ? 'person' : 'people'} (as their notification settings allow)`;
      },
    };
    const engine = new RoutineEngine(ctx, ports);
    server.expose('engine', engine);

    const routines = new RoutinesService(ctx.db, engine, {
      async timeZoneOf(userId) {
        return (await auth.usersByIds([userId])).get(userId)?.preferences.timeZone || 'UTC';
      },
      async isMember(userId, vesselId) {
        return (await access.accessOf(userId, vesselId)) !== null;
      },
    });

    server.ext('onPostStart', () => engine.start());
    server.ext('onPreStop', () => engine.stop());

    server.route([
      listRoutines(routines),
      getRoutine(routines),
      routineRuns(routines),
      createRoutine(routines),
      deleteRoutine(routines),
      pauseRoutine(routines),
      testConditions(routines),
      dryRunRoutine(routines),
    ]);
  },
};
