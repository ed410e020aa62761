/**
 * Users of every account in the in-memory store, and the changes an account admin makes to them: inviting by
 * email (a pending user), deactivating and activating, changing the base role, and editing profile attributes.
 * Callers check the account, the admin and the input; this family keeps the records consistent.
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';
import type { UserProfile, UserRecord } from './records.js';

/** A base role of the account (`BaseRoleName` / `UserRole`). */
export type BaseRole = 'ADMIN' | 'MEMBER' | 'GUEST' | 'VIEW_ONLY';

/** The attributes `update_multiple_users` may change (`UserAttributesInput`, department aside). */
export interface UserAttributeChanges {
  name?: string;
  email?: string;
  title?: string;
  phone?: string;
  mobilePhone?: string;
  location?: string;
  birthday?: string;
  joinDate?: string;
}

/** What {@link UserStore.invite} needs. */
export interface NewInvitation {
  accountId: string;
  email: string;
  role: BaseRole;
}

/** Users, found by id. */
export class UserStore extends Collection<UserRecord> {
  readonly #stamper: Stamper;

  /** Keeps the seeded `users`; new ids and times come from `stamper`. */
  constructor(users: UserRecord[], stamper: Stamper) {
    super(users);
    this.#stamper = stamper;
  }

  /** The user of `accountId` with this email (case-insensitive), if any. */
  byEmail(accountId: string, email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    return this.all().find((user) => user.accountId === accountId && user.email.toLowerCase() === wanted);
  }

  /**
   * Adds a user invited by email: pending (not yet active), named by the email's local part until they sign up,
   * with the role given.
   */
  invite(input: NewInvitation): UserRecord {
    const email = input.email.trim();
    const user: UserRecord = {
      id: this.#stamper.newId(),
      accountId: input.accountId,
      name: email.split('@')[0] ?? email,
      email,
      title: null,
      isAdmin: false,
      isGuest: false,
      enabled: true,
      createdAt: this.#stamper.now(),
      timeZone: null,
      pending: true,
      verified: false,
      becameActiveAt: null,
    };
    this.setRole(user, input.role);
    return this.insert(user);
  }

  /** Deactivates (`enabled: false`) or activates a user. */
  setEnabled(user: UserRecord, enabled: boolean): UserRecord {
    user.enabled = enabled;
    return user;
  }

  /** Gives a user one base role (admin, member, guest or viewer), replacing the one it had. */
  setRole(user: UserRecord, role: BaseRole): UserRecord {
    user.isAdmin = role === 'ADMIN';
    user.isGuest = role === 'GUEST';
    if (role === 'VIEW_ONLY') user.viewOnly = true;
    else delete user.viewOnly;
    return user;
  }

  /** Applies profile changes (only the attributes given). */
  updateAttributes(user: UserRecord, changes: UserAttributeChanges): UserRecord {
    if (changes.name !== undefined) user.name = changes.name;
    if (changes.email !== undefined) user.email = changes.email;
    if (changes.title !== undefined) user.title = changes.title;
    if (changes.joinDate !== undefined) user.joinDate = changes.joinDate;
    const profile: UserProfile = { ...user.profile };
    if (changes.phone !== undefined) profile.phone = changes.phone;
    if (changes.mobilePhone !== undefined) profile.mobilePhone = changes.mobilePhone;
    if (changes.location !== undefined) profile.location = changes.location;
    if (changes.birthday !== undefined) profile.birthday = changes.birthday;
    user.profile = profile;
    return user;
  }
}
