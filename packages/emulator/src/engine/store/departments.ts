/**
 * Departments of an account: named groups of users for seat management, each with members and owners. A user is a
 * member of at most one department (https://developer.monday.com/api-reference/reference/department): joining one
 * takes the user out of any other. Callers have checked the account, the plan and the users.
 */

import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** A department. */
export interface DepartmentRecord {
  id: string;
  accountId: string;
  name: string;
  reservedSeats: number;
  memberIds: string[];
  ownerIds: string[];
}

/** Departments. */
export class DepartmentStore extends Collection<DepartmentRecord> {
  readonly #store: Stamper;

  /** Keeps the seeded departments; ids come from `store`. */
  constructor(departments: DepartmentRecord[], store: Stamper) {
    super(departments);
    this.#store = store;
  }

  /** Adds a department with no members or owners. */
  create(accountId: string, name: string, reservedSeats: number): DepartmentRecord {
    return this.insert({ id: this.#store.newId(), accountId, name, reservedSeats, memberIds: [], ownerIds: [] });
  }

  /** The department user `userId` is a member of, if any. */
  ofUser(userId: string): DepartmentRecord | undefined {
    return this.all().find((department) => department.memberIds.includes(userId));
  }

  /** Makes the users members of `department`, taking them out of any other. */
  assignMembers(department: DepartmentRecord, userIds: readonly string[]): void {
    this.clearUsers(userIds);
    department.memberIds = [...new Set([...department.memberIds, ...userIds])];
  }

  /** Takes the users out of their departments; answers those who had one. */
  clearUsers(userIds: readonly string[]): string[] {
    const cleared: string[] = [];
    for (const userId of userIds) {
      const current = this.ofUser(userId);
      if (!current) continue;
      current.memberIds = current.memberIds.filter((id) => id !== userId);
      cleared.push(userId);
    }
    return cleared;
  }
}
