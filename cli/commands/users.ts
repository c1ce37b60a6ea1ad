/**
 * `users`: list, create, invite, and change a user's role or status, through the auth
 * module's api. Every change is audited as "CLI users <verb>".
 */
import Boom from '@hapi/boom';
import { Command, InvalidArgumentError, Option } from 'commander';
import { adminInvitation } from '../../src/modules/admin/api.js';
import { name as nameSchema, publicUser, type User } from '../../src/modules/auth/api.js';
import { audited, openOptions, withApp, type App } from '../app.js';
import { UsageError } from '../errors.js';
import { checkPassword, parseEmail, parseUserRef, readStdin, withJson, withPaging, type OutputOptions, type PageOptions, type UserRef } from '../options.js';
import { morePagesNote, note, present } from '../output.js';
import { NONE, pageFooter, shortDate, type TableView } from '../ui/view.js';

const STATUSES = ['pending', 'active', 'suspended'] as const;

// The wording of the admin console's invitation: the person cannot tell who sent it. No
// administrator is signed in to the CLI, so it is written in English.
export const INVITATION = adminInvitation;

type PublicUser = ReturnType<typeof publicUser>;

function usersTable(users: PublicUser[], footer?: string): TableView {
  return {
    kind: 'table',
    columns: [
      { header: 'ID', align: 'right' },
      { header: 'E-MAIL' },
      { header: 'NAME' },
      { header: 'ADMIN', tone: (c) => (c === 'yes' ? 'yellow' : undefined) },
      { header: 'STATUS', tone: (c) => (c === 'active' ? 'green' : c === 'suspended' ? 'red' : 'yellow') },
      { header: 'CREATED' },
    ],
    rows: users.map((u) => [String(u.id), u.email, `${u.firstName} ${u.lastName}`.trim() || NONE, u.isAdmin ? 'yes' : 'no', u.status, shortDate(u.createdAt)]),
    footer,
    empty: 'No users match.',
  };
}

function parseName(value: string): string {
  const { error, value: name } = nameSchema.validate(value);
  if (error) throw new InvalidArgumentError('At most 100 characters.');
  return name as string;
}

const auth = (app: App) => app.server.plugins.auth.api;

async function findUser(app: App, ref: UserRef): Promise<User> {
  const user = 'id' in ref ? await auth(app).findUser(ref.id) : await auth(app).findUserByEmail(ref.email);
  if (!user) throw Boom.notFound(`No user ${'id' in ref ? `with id ${ref.id}` : `with e-mail address ${ref.email}`}`);
  return user;
}

const describeRef = (ref: UserRef) => ('id' in ref ? { id: ref.id } : { email: ref.email });

function listCommand(): Command {
  return withPaging(withJson(new Command('list')))
    .description('List users, by e-mail address')
    .option('--search <text>', 'only users whose e-mail address or name contains the text')
    .addOption(new Option('--status <status>', 'only users with this status').choices(STATUSES))
    .action(async (options: OutputOptions & PageOptions & { search?: string; status?: (typeof STATUSES)[number] }, command: Command) => {
      const result = await withApp(openOptions(command), (app) =>
        auth(app).pageUsers({ page: options.page, size: options.size, filter: { q: options.search, status: options.status } }),
      );
      const users = result.content.map(publicUser);
      morePagesNote(options.json, 'users', options.page, options.size, users.length, result.totalElements);
      await present(options, users, usersTable(users, pageFooter('users', options.page, options.size, users.length, result.totalElements)));
    });
}

interface CreateOptions extends OutputOptions {
  email: string;
  password?: string;
  passwordStdin?: boolean;
  firstName?: string;
  lastName?: string;
  admin?: boolean;
}

function createCommand(): Command {
  return withJson(new Command('create'))
    .description('Create an active user with a password')
    .requiredOption('--email <address>', 'e-mail address, used to sign in', parseEmail)
    .option('--password-stdin', 'read the password from stdin (for scripts)')
    .option('--password <password>', 'the password (12 to 128 characters); visible to other users of this machine')
    .option('--first-name <name>', 'first name', parseName)
    .option('--last-name <name>', 'last name', parseName)
    .option('--admin', 'make the user a platform administrator')
    .action(async (options: CreateOptions, command: Command) => {
      if (options.password !== undefined && options.passwordStdin) throw new UsageError('Use either --password or --password-stdin, not both.');
      if (options.password === undefined && !options.passwordStdin) throw new UsageError('A password is needed: --password-stdin (preferred) or --password.');
      if (options.password !== undefined) note('warning: --password is visible in the process list and shell history; prefer --password-stdin.');
      const password = checkPassword(options.passwordStdin ? await readStdin() : options.password!);

      const user = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'users create',
          { type: 'user', details: { admin: Boolean(options.admin) } },
          () =>
            auth(app).createUser({ email: options.email, password, firstName: options.firstName, lastName: options.lastName, isAdmin: Boolean(options.admin) }),
          (created) => created.id,
        ),
      );
      await present(options, publicUser(user), usersTable([publicUser(user)], `Created ${user.isAdmin ? 'administrator' : 'user'} ${user.email}.`));
    });
}

function inviteCommand(): Command {
  return withJson(new Command('invite'))
    .description('Invite a person: a pending account and an e-mail with a link to choose a password')
    .requiredOption('--email <address>', 'e-mail address to invite', parseEmail)
    .action(async (options: OutputOptions & { email: string }, command: Command) => {
      const { user, outbox } = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'users invite',
          { type: 'user' },
          async () => {
            // Checked first so that an existing user is not sent an invitation.
            if (await auth(app).findUserByEmail(options.email)) throw Boom.conflict('A user with this e-mail address already exists');
            const { user } = await auth(app).inviteUser(options.email, INVITATION);
            return { user, outbox: app.config.smtpUrl === null };
          },
          (result) => result.user.id,
        ),
      );
      if (outbox) note('No SMTP_URL is configured: the invitation waits in the mail outbox (vessel-link mail list --show-body).');
      await present(options, publicUser(user), usersTable([publicUser(user)], `Invited ${user.email}.`));
    });
}

/** A command that changes one user, named by id or e-mail address, and shows the result. */
function changeCommand(verb: string, description: string, change: (app: App, user: User) => Promise<void>, done: (user: PublicUser) => string): Command {
  return withJson(new Command(verb))
    .description(description)
    .argument('<user>', 'user id or e-mail address', parseUserRef)
    .action(async (ref: UserRef, options: OutputOptions, command: Command) => {
      const user = await withApp(openOptions(command), (app) =>
        audited(
          app,
          `users ${verb}`,
          { type: 'user', details: describeRef(ref) },
          async () => {
            const user = await findUser(app, ref);
            await change(app, user);
            return publicUser((await auth(app).findUser(user.id))!);
          },
          (changed) => changed.id,
        ),
      );
      await present(options, user, usersTable([user], done(user)));
    });
}

function changePasswordCommand(): Command {
  return withJson(new Command('change-password'))
    .description("Set a user's password: every session of theirs ends")
    .argument('<user>', 'user id or e-mail address', parseUserRef)
    .option('--password-stdin', 'read the password from stdin (for scripts)')
    .option('--password <password>', 'the password (12 to 128 characters); visible to other users of this machine')
    .action(async (ref: UserRef, options: OutputOptions & { password?: string; passwordStdin?: boolean }, command: Command) => {
      if (options.password !== undefined && options.passwordStdin) throw new UsageError('Use either --password or --password-stdin, not both.');
      if (options.password === undefined && !options.passwordStdin) throw new UsageError('A password is needed: --password-stdin (preferred) or --password.');
      if (options.password !== undefined) note('warning: --password is visible in the process list and shell history; prefer --password-stdin.');
      const password = checkPassword(options.passwordStdin ? await readStdin() : options.password!);
      const user = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'users change-password',
          { type: 'user', details: describeRef(ref) },
          async () => {
            const user = await findUser(app, ref);
            await app.server.plugins.admin.api.setAccountPassword(user.id, password);
            return publicUser(user);
          },
          (changed) => changed.id,
        ),
      );
      await present(options, user, usersTable([user], `The password of ${user.email} is changed; their sessions have ended.`));
    });
}

function deleteCommand(): Command {
  return withJson(new Command('delete'))
    .description('Delete a user with the vessels they own (their bridges are unpaired, what they reported deleted)')
    .argument('<user>', 'user id or e-mail address', parseUserRef)
    .option('--yes', 'confirm: this cannot be undone')
    .action(async (ref: UserRef, options: OutputOptions & { yes?: boolean }, command: Command) => {
      if (!options.yes) throw new UsageError('Deleting a user cannot be undone: add --yes to confirm.');
      const user = await withApp(openOptions(command), (app) =>
        audited(
          app,
          'users delete',
          { type: 'user', details: describeRef(ref) },
          async () => {
            const user = await findUser(app, ref);
            await app.server.plugins.admin.api.deleteAccount(user.id);
            return publicUser(user);
          },
          (deleted) => deleted.id,
        ),
      );
      await present(options, { ...user, deleted: true }, { kind: 'message', lines: [`Deleted ${user.email} with the vessels they owned.`] });
    });
}

export function usersCommand(): Command {
  return new Command('users')
    .description('Accounts: list, create, invite, password, deletion, administrator role, suspension')
    .addCommand(listCommand())
    .addCommand(createCommand())
    .addCommand(inviteCommand())
    .addCommand(changePasswordCommand())
    .addCommand(deleteCommand())
    .addCommand(
      changeCommand(
        'make-admin',
        'Give a user the platform administrator role',
        (app, u) => auth(app).setAdmin(u.id, true),
        (u) => `${u.email} is an administrator.`,
      ),
    )
    .addCommand(
      changeCommand(
        'revoke-admin',
        'Take the administrator role away (not from the last administrator)',
        (app, u) => auth(app).setAdmin(u.id, false),
        (u) => `${u.email} is no longer an administrator.`,
      ),
    )
    .addCommand(
      changeCommand(
        'suspend',
        'Suspend a user: their sessions end (a running server follows within 2 s) and they cannot sign in',
        (app, u) => auth(app).suspend(u.id),
        (u) => `${u.email} is suspended.`,
      ),
    )
    .addCommand(
      changeCommand(
        'activate',
        'Activate a suspended or pending user',
        (app, u) => auth(app).activate(u.id),
        (u) => `${u.email} is active.`,
      ),
    );
}
