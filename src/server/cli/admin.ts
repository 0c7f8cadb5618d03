import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLES,
  adminRoleSchema,
  type AdminDto,
  type AdminPermission,
  type AdminPermissions,
  type AdminRole,
} from '../../shared/admin.ts';
import { emailSchema } from '../../shared/auth.ts';
import { readMessage } from '../../shared/validation-message.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { translate } from '../i18n.ts';
import { safeErr } from '../log.ts';
import { adminsRepository } from '../modules/admin/admins.repository.ts';
import { adminsService, CLI_ACTOR } from '../modules/admin/admins.service.ts';

/**
 * `npm run admin -- grant EMAIL [--role R] [--permissions a,b]` | `revoke EMAIL` | `list`: manage
 * administrators of an existing database (PGlite in DATA_DIR, or DATABASE_URL), migrating it
 * first, with the same rules as the admin API (audit actor 'cli'). PGlite is one process at a
 * time: stop the server first.
 */
const USAGE = `Usage:
  npm run admin -- grant EMAIL [--role editor|admin|super_admin] [--permissions blog,users,analytics,settings]
  npm run admin -- revoke EMAIL
  npm run admin -- list

grant makes EMAIL an active administrator (default role super_admin; a new one gets every
permission unless --permissions is given), creating the account if there is none.
revoke removes EMAIL's administrator record (the account stays). The last active super admin
cannot be revoked or demoted.`;

type Command =
  | { name: 'grant'; email: string; role: AdminRole; permissions?: AdminPermissions }
  | { name: 'revoke'; email: string }
  | { name: 'list' };

class UsageError extends Error {}

function parsePermissions(raw: string): AdminPermissions {
  const keys = raw
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  const unknown = keys.filter((k) => !(ADMIN_PERMISSIONS as readonly string[]).includes(k));
  if (unknown.length) {
    throw new UsageError(
      `Unknown permission: ${unknown.join(', ')} (expected some of ${ADMIN_PERMISSIONS.join(', ')})`,
    );
  }
  return Object.fromEntries(
    ADMIN_PERMISSIONS.map((p: AdminPermission) => [p, keys.includes(p)]),
  ) as AdminPermissions;
}

function parseEmail(raw: string | undefined) {
  if (!raw) throw new UsageError('Missing EMAIL.');
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) {
    // The schema's message is a catalogue key (shared/validation-message.ts): said in English.
    const text = parsed.error.issues[0]!.message;
    const message = readMessage(text);
    throw new UsageError(`${message ? translate('en', message.id, message.values) : text}: ${raw}`);
  }
  return parsed.data;
}

function parseArgs(argv: string[]): Command {
  const [name, ...rest] = argv;
  if (name === 'list') {
    if (rest.length) throw new UsageError(`list takes no arguments: ${rest.join(' ')}`);
    return { name };
  }
  if (name === 'revoke') {
    if (rest.length !== 1) throw new UsageError('revoke takes exactly one EMAIL.');
    return { name, email: parseEmail(rest[0]) };
  }
  if (name === 'grant') {
    const [email, ...opts] = rest;
    if (email?.startsWith('--')) throw new UsageError('Missing EMAIL.');
    const cmd: Command = { name, email: parseEmail(email), role: 'super_admin' };
    for (let i = 0; i < opts.length; i += 2) {
      const [flag, value] = [opts[i]!, opts[i + 1]];
      if (value === undefined) throw new UsageError(`${flag} needs a value.`);
      if (flag === '--role') {
        const role = adminRoleSchema.safeParse(value);
        if (!role.success)
          throw new UsageError(
            `Invalid role: ${value} (expected one of ${ADMIN_ROLES.join(', ')})`,
          );
        cmd.role = role.data;
      } else if (flag === '--permissions') {
        cmd.permissions = parsePermissions(value);
      } else {
        throw new UsageError(`Unknown option: ${flag}`);
      }
    }
    return cmd;
  }
  throw new UsageError(name ? `Unknown command: ${name}` : 'Missing command.');
}

const describe = (a: AdminDto) => {
  const perms = ADMIN_PERMISSIONS.filter((p) => a.permissions[p]);
  return [
    a.email,
    a.role,
    a.isActive ? 'active' : 'inactive',
    `permissions: ${perms.length ? perms.join(',') : 'none'}`,
    `last login: ${a.lastLogin ?? 'never'}`,
  ].join('  ');
};

async function main(argv: string[]) {
  let cmd: Command;
  try {
    cmd = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const admins = adminsService({
      repo: adminsRepository(database.db),
      now: () => new Date(),
      configured: config.adminEmails,
    });
    if (cmd.name === 'list') {
      const { items } = await admins.list(undefined, 'all');
      process.stdout.write(
        items.length ? items.map(describe).join('\n') + '\n' : 'No administrators.\n',
      );
    } else if (cmd.name === 'grant') {
      const { admin, created } = await admins.grant(CLI_ACTOR, cmd);
      process.stdout.write(`${created ? 'Created' : 'Updated'}: ${describe(admin)}\n`);
    } else {
      await admins.revoke(CLI_ACTOR, cmd.email);
      process.stdout.write(`Revoked: ${cmd.email} is no longer an administrator.\n`);
    }
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
    else {
      const e = safeErr(err);
      process.stderr.write(`${e.type}: ${e.message}\n${e.stack}\n`);
    }
    process.exit(1);
  },
);
