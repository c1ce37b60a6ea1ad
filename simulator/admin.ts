/**
 * The bridge's side of admin actions (docs/protocol.md `admin` / `admin/response`). Long actions report
 * progress one step per tick, so a fleet updating at once needs no timers of its own.
 */
import type { AdminRequest, AdminResponse } from '../contracts/bridge';
import { LOG_LEVELS, type LogLevel, isLogLevel } from '../bridge/client/logger';

/** What an admin action may do to the bridge it runs on. */
export interface AdminTarget {
  respond(response: AdminResponse): void;
  publishSnapshot(): void;
  /** Goes offline and back; `afterBoot` runs once connected again. */
  reboot(afterBoot: () => void): void;
  installVersion(version: string): void;
  setLogLevel(level: LogLevel): void;
  /** Versions whose update fails half-way through the download (a bad image), to try rollouts' failure handling. */
  readonly failingVersions: ReadonlySet<string>;
}

const VERSION = /^\d+\.\d+\.\d+$/;
const DOWNLOAD_PROGRESS = [0, 20, 40, 60, 80, 100];

export class AdminActions {
  /** Steps of the reboot or update in progress, one per tick. */
  private job: Array<() => void> = [];

  constructor(private readonly bridge: AdminTarget) {}

  get busy(): boolean {
    return this.job.length > 0;
  }

  handle(request: AdminRequest): void {
    const { requestId } = request;
    const answer = (state: AdminResponse['state'], extra: Omit<AdminResponse, 'requestId' | 'state'> = {}) => {
      // The server's own snapshot request on connect carries no requestId and expects no answer.
      if (requestId) this.bridge.respond({ requestId, state, ...extra });
    };
    switch (request.action) {
      case 'snapshot':
        this.bridge.publishSnapshot();
        return answer('COMPLETED');
      case 'setLogLevel':
        if (!isLogLevel(request.level)) return answer('FAILED', { message: `level must be one of ${LOG_LEVELS.join(', ')}` });
        this.bridge.setLogLevel(request.level);
        return answer('COMPLETED', { message: `Log level set to ${request.level}` });
      case 'reboot':
        if (this.busy) return answer('FAILED', { message: 'Another reboot or update is in progress' });
        answer('PENDING', { message: 'Rebooting' });
        this.job = [() => this.bridge.reboot(() => answer('COMPLETED', { message: 'Rebooted' }))];
        return;
      case 'softwareUpdate': {
        const { version } = request;
        if (!version || !VERSION.test(version)) return answer('FAILED', { message: 'softwareUpdate needs a version like 1.4.3' });
        if (this.busy) return answer('FAILED', { message: 'Another reboot or update is in progress' });
        answer('PENDING', { message: `Update to ${version} queued` });
        if (this.bridge.failingVersions.has(version)) {
          this.job = [
            ...DOWNLOAD_PROGRESS.slice(0, 3).map((progress) => () => answer('DOWNLOADING', { progress })),
            () => answer('FAILED', { message: `Checksum mismatch in the ${version} image` }),
          ];
          return;
        }
        this.job = [
          ...DOWNLOAD_PROGRESS.map((progress) => () => answer('DOWNLOADING', { progress })),
          () => answer('INSTALLING', { message: `Installing ${version}` }),
          () => {
            this.bridge.installVersion(version);
            this.bridge.reboot(() => answer('COMPLETED', { message: `Running ${version}` }));
          },
        ];
        return;
      }
    }
  }

  /** Runs the next step of the job in progress. */
  tick(): void {
    this.job.shift()?.();
  }

  /** The bridge stops: whatever was in progress will never finish. */
  cancel(): void {
    this.job = [];
  }
}
