/**
 * The user mutations an account admin runs (part of the users family; users.ts spreads
 * {@link userAdminMutations} into its Mutation resolvers), each users:write and each for admins of the account
 * only (the docs present user management as an admin's task; a member's call is USER_UNAUTHORIZED):
 * - `deactivate_users` / `activate_users` (https://developer.monday.com/api-reference/changelog/new-deactivate_users-mutation,
 *   .../new-activate_users-mutation): each id changes on its own; an id not in the account is a `USER_NOT_FOUND`
 *   entry of `errors`, the caller's own id `CANNOT_UPDATE_SELF` (the error codes of
 *   https://developer.monday.com/api-reference/reference/users-other-types); the others are answered changed.
 * - `update_users_role` (.../new-update_users_role-mutation): the base role (`new_role`) replaces the user's;
 *   custom roles (`role_id`) are NOT_MODELLED.
 * - `update_multiple_users`: profile attributes per user; a date that is not `YYYY-MM-DD` is an `INVALID_FIELD`
 *   entry and changes nothing for that user. `department` and `use_async_mode` are NOT_MODELLED.
 * - `invite_users`: a pending user per new email with the role given (default member); an email already in the
 *   account, or not an email, is an `ERROR` entry. `product` is NOT_MODELLED (invitations to a product are not
 *   kept).
 * The docs state no batch limit for these calls; the emulator enforces none.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { UserRecord } from '../store/records.js';
import type { BaseRole, UserAttributeChanges } from '../store/users.js';
import type { UserAttributesInput } from './arguments.generated.js';
import { callerId, notModelledArgument } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** An error entry of the users mutations' `errors` lists. */
interface UserError {
  user_id: string;
  code: string;
  message: string;
}

/** Needs users:write and an admin caller; returns the caller. */
function adminCaller(context: EngineContext): UserRecord {
  requireScope(context, 'users:write');
  const caller = context.store.users.find(callerId(context));
  if (!caller?.isAdmin) {
    throw engineError(ENGINE_ERROR_CODES.unauthorized, 'Only an admin of the account can manage its users.');
  }
  return caller;
}

/** Applies `change` to each user of `ids` in the account, collecting the error entries of the others. */
function eachUser(
  context: EngineContext,
  ids: readonly string[],
  change: (user: UserRecord) => UserError | undefined,
  options: { self: boolean },
): { changed: UserRecord[]; errors: UserError[] } {
  const caller = callerId(context);
  const changed: UserRecord[] = [];
  const errors: UserError[] = [];
  for (const id of new Set(ids.map(String))) {
    const user = context.store.users.find(id);
    if (!user || user.accountId !== context.accountId) {
      errors.push({ user_id: id, code: 'USER_NOT_FOUND', message: `User ${id} was not found.` });
    } else if (!options.self && user.id === caller) {
      errors.push({ user_id: id, code: 'CANNOT_UPDATE_SELF', message: 'You cannot change your own account this way.' });
    } else {
      const error = change(user);
      if (error) errors.push(error);
      else changed.push(user);
    }
  }
  return { changed, errors };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** The changes `input` asks for, or the `INVALID_FIELD` error entry of `userId`. */
function attributeChanges(userId: string, input: UserAttributesInput): UserAttributeChanges | UserError {
  if (input.department != null) notModelledArgument('update_multiple_users(department:)', 'departments are not kept');
  for (const [field, value] of [
    ['birthday', input.birthday],
    ['join_date', input.join_date],
  ] as const) {
    if (value != null && !isDay(value)) {
      return { user_id: userId, code: 'INVALID_FIELD', message: `${field} must be a date as YYYY-MM-DD.` };
    }
  }
  if (input.name != null && input.name.trim() === '') {
    return { user_id: userId, code: 'INVALID_FIELD', message: 'name must not be empty.' };
  }
  if (input.email != null && !isEmail(input.email)) {
    return { user_id: userId, code: 'INVALID_FIELD', message: 'email must be an email address.' };
  }
  const changes: UserAttributeChanges = {};
  if (input.name != null) changes.name = input.name.trim();
  if (input.email != null) changes.email = input.email.trim();
  if (input.title != null) changes.title = input.title;
  if (input.phone != null) changes.phone = input.phone;
  if (input.mobile_phone != null) changes.mobilePhone = input.mobile_phone;
  if (input.location != null) changes.location = input.location;
  if (input.birthday != null) changes.birthday = input.birthday;
  if (input.join_date != null) changes.joinDate = input.join_date;
  return changes;
}

function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** The admin mutations of the users family, for users.ts. */
export const userAdminMutations: NonNullable<FamilyResolvers['Mutation']> = {
  deactivate_users: (_source, args, context) => {
    adminCaller(context);
    const { changed, errors } = eachUser(
      context,
      args.user_ids,
      (user) => void context.store.users.setEnabled(user, false),
      { self: false },
    );
    return { deactivated_users: changed, errors };
  },
  activate_users: (_source, args, context) => {
    adminCaller(context);
    const { changed, errors } = eachUser(
      context,
      args.user_ids,
      (user) => void context.store.users.setEnabled(user, true),
      { self: false },
    );
    return { activated_users: changed, errors };
  },
  update_users_role: (_source, args, context) => {
    adminCaller(context);
    if (args.role_id != null) notModelledArgument('update_users_role(role_id:)', 'custom roles are not kept');
    if (args.new_role == null) {
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'update_users_role needs new_role.');
    }
    const role: BaseRole = args.new_role;
    const { changed, errors } = eachUser(
      context,
      args.user_ids,
      (user) => void context.store.users.setRole(user, role),
      { self: false },
    );
    return { updated_users: changed, errors };
  },
  update_multiple_users: (_source, args, context) => {
    adminCaller(context);
    if (args.use_async_mode) notModelledArgument('update_multiple_users(use_async_mode:)', 'async jobs are not kept');
    const updated: UserRecord[] = [];
    const errors: UserError[] = [];
    for (const update of args.user_updates) {
      const changes = attributeChanges(update.user_id, update.user_attribute_updates);
      const { changed, errors: failed } = eachUser(
        context,
        [update.user_id],
        (user) => {
          if ('code' in changes) return changes;
          context.store.users.updateAttributes(user, changes);
          return undefined;
        },
        { self: true },
      );
      updated.push(...changed.filter((user) => !updated.includes(user)));
      // The schema's only code for this mutation is INVALID_FIELD.
      errors.push(...failed.map((error) => ({ ...error, code: 'INVALID_FIELD' })));
    }
    return { updated_users: updated, errors };
  },
  invite_users: (_source, args, context) => {
    adminCaller(context);
    if (args.product != null) notModelledArgument('invite_users(product:)', 'invitations to a product are not kept');
    const role: BaseRole = args.user_role ?? 'MEMBER';
    const invited: UserRecord[] = [];
    const errors: { email: string; code: string; message: string }[] = [];
    for (const email of new Set(args.emails.map((given) => given.trim()))) {
      if (!isEmail(email)) {
        errors.push({ email, code: 'ERROR', message: `${email} is not an email address.` });
      } else if (context.store.users.byEmail(context.accountId, email)) {
        errors.push({ email, code: 'ERROR', message: `${email} is already a user of the account.` });
      } else {
        invited.push(context.store.users.invite({ accountId: context.accountId, email, role }));
      }
    }
    return { invited_users: invited, errors };
  },
};
