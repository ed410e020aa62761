/**
 * Departments (2026-04 on): `Query.departments` and the department mutations, as
 * https://developer.monday.com/api-reference/reference/department describes them. Pinned by
 * packages/emulator/test/engine/resolvers/departments.test.ts.
 *
 * Rule map:
 * - Enterprise plans only: another plan's account is refused with USER_UNAUTHORIZED naming the plan.
 * - The docs require the `departments:read` and `departments:write` scopes, which the SDK's scope list does not
 *   name yet; the emulator checks users:read and users:write, the scopes of the users departments group. Changes
 *   need the `manage_account_users_permission` permission: account admins have it.
 * - A user is a member of at most one department: assigning moves them from any other. Users of another account
 *   are RESOURCE_NOT_FOUND; a deactivated user is answered in `failed_users`. At most {@link MAX_DEPARTMENT_USERS}
 *   users per request (the emulator's bound; the docs give none).
 * - `assigned_seats` counts the department's members (the emulator's reading: a member holds one seat);
 *   `reserved_seats` is what was set, 0 by default. `User.department` is the users family's to answer.
 */
import { type EngineContext, requireEnterprisePlan, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { DepartmentRecord } from '../store/departments.js';
import type { UserRecord } from '../store/records.js';
import { accountUsers, callerId, storedUser } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The most users one department request names. */
export const MAX_DEPARTMENT_USERS = 200;

function invalid(message: string): never {
  throw engineError(ENGINE_ERROR_CODES.invalidArgument, message);
}

function reader(context: EngineContext): void {
  requireScope(context, 'users:read');
  requireEnterprisePlan(context, 'Departments');
}

function writer(context: EngineContext): void {
  requireScope(context, 'users:write');
  requireEnterprisePlan(context, 'Departments');
  if (!storedUser(context, callerId(context)).isAdmin) {
    throw engineError(
      ENGINE_ERROR_CODES.unauthorized,
      'Changing departments needs the manage_account_users_permission permission, which account admins have.',
    );
  }
}

function accountDepartment(context: EngineContext, id: string): DepartmentRecord {
  const department = context.store.departments.find(id);
  if (!department || department.accountId !== context.accountId) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Department ${id} was not found.`, { department_id: id });
  }
  return department;
}

function users(context: EngineContext, ids: readonly string[]): UserRecord[] {
  if (ids.length > MAX_DEPARTMENT_USERS) invalid(`Name at most ${MAX_DEPARTMENT_USERS} users.`);
  return accountUsers(context, [...new Set(ids)]);
}

function checkName(name: string): string {
  if (name.trim() === '') invalid('A department name cannot be empty.');
  return name;
}

function checkSeats(seats: number | null | undefined): number | undefined {
  if (seats === null || seats === undefined) return undefined;
  if (!Number.isInteger(seats) || seats < 0) invalid('reserved_seats is a whole number from 0.');
  return seats;
}

/** Resolvers of departments. */
export const departmentResolvers: FamilyResolvers = {
  Query: {
    departments: (_source, args, context) => {
      reader(context);
      const ids = args.ids ? new Set(args.ids) : undefined;
      return context.store.departments.where(
        (department) => department.accountId === context.accountId && (!ids || ids.has(department.id)),
      );
    },
  },
  Department: {
    assigned_seats: (department: DepartmentRecord) => department.memberIds.length,
    reserved_seats: (department: DepartmentRecord) => department.reservedSeats,
    members: (department: DepartmentRecord, _args, context) =>
      department.memberIds.map((id) => storedUser(context, id)),
    owners: (department: DepartmentRecord, _args, context) => department.ownerIds.map((id) => storedUser(context, id)),
  },
  Mutation: {
    create_department: (_source, args, context) => {
      writer(context);
      return context.store.departments.create(
        context.accountId,
        checkName(args.data.name),
        checkSeats(args.data.reserved_seats) ?? 0,
      );
    },
    update_department: (_source, args, context) => {
      writer(context);
      const department = accountDepartment(context, args.department_id);
      if (args.data?.name != null) department.name = checkName(args.data.name);
      const seats = checkSeats(args.data?.reserved_seats);
      if (seats !== undefined) department.reservedSeats = seats;
      return department;
    },
    delete_department: (_source, args, context) => {
      writer(context);
      return context.store.departments.remove(accountDepartment(context, args.department_id));
    },
    assign_department_members: (_source, args, context) => {
      writer(context);
      const department = accountDepartment(context, args.department_id);
      const named = users(context, args.user_ids);
      const joining = named.filter((user) => user.enabled);
      context.store.departments.assignMembers(
        department,
        joining.map((user) => user.id),
      );
      return { successful_users: joining, failed_users: named.filter((user) => !user.enabled) };
    },
    assign_department_owner: (_source, args, context) => {
      writer(context);
      const department = accountDepartment(context, args.department_id);
      const [owner] = users(context, [args.user_id]);
      if (owner && !department.ownerIds.includes(owner.id)) department.ownerIds.push(owner.id);
      return { owner: owner ?? null };
    },
    unassign_department_owners: (_source, args, context) => {
      writer(context);
      const department = accountDepartment(context, args.department_id);
      const named = users(context, args.user_ids);
      const unassigned = named.filter((user) => department.ownerIds.includes(user.id));
      department.ownerIds = department.ownerIds.filter((id) => !unassigned.some((user) => user.id === id));
      return { unassigned_users: unassigned };
    },
    clear_users_department: (_source, args, context) => {
      writer(context);
      const named = users(context, args.user_ids);
      const cleared = new Set(context.store.departments.clearUsers(named.map((user) => user.id)));
      return { cleared_users: named.filter((user) => cleared.has(user.id)) };
    },
  },
};
