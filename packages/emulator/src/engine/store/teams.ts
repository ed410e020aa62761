/** Teams of the in-memory store: named groups of an account's users, with owners. */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** A team of one account. */
export interface TeamRecord {
  id: string;
  accountId: string;
  name: string;
  pictureUrl: string | null;
  /** A team of guest users. */
  isGuest: boolean;
  userIds: string[];
  ownerIds: string[];
  /**
   * When the team was created (ISO 8601, the emulator's clock); optional so that seeds written before the field
   * still load, and such a team answers null.
   */
  createdAt?: string;
}

/** Teams. */
export class TeamStore extends Collection<TeamRecord> {
  readonly #stamper: Stamper;

  /** Keeps the seeded `teams`; new ids come from `stamper`. */
  constructor(teams: TeamRecord[], stamper: Stamper) {
    super(teams);
    this.#stamper = stamper;
  }

  /** Teams `userId` belongs to. */
  teamsOf(userId: string): TeamRecord[] {
    return this.where((team) => team.userIds.includes(userId));
  }

  /** Creates a team; its creator owns it. */
  createTeam(input: {
    accountId: string;
    name: string;
    isGuest: boolean;
    userIds: string[];
    ownerId: string;
  }): TeamRecord {
    const team: TeamRecord = {
      id: this.#stamper.newId(),
      accountId: input.accountId,
      name: input.name,
      pictureUrl: null,
      isGuest: input.isGuest,
      userIds: [...new Set(input.userIds)],
      ownerIds: [input.ownerId],
      createdAt: this.#stamper.now(),
    };
    return this.insert(team);
  }
  /** Removes a team. */
  deleteTeam(team: TeamRecord): TeamRecord {
    return this.remove(team);
  }
  /** Adds members (each once). */
  addUsers(team: TeamRecord, userIds: readonly string[]): void {
    for (const id of userIds) if (!team.userIds.includes(id)) team.userIds.push(id);
  }
  /** Makes members owners (each once); callers check that each is a member. */
  addOwners(team: TeamRecord, userIds: readonly string[]): void {
    for (const id of userIds) if (!team.ownerIds.includes(id)) team.ownerIds.push(id);
  }
  /** Takes owners' ownership away; they stay members. */
  removeOwners(team: TeamRecord, userIds: readonly string[]): void {
    team.ownerIds = team.ownerIds.filter((id) => !userIds.includes(id));
  }
  /** Removes members; a removed member stops owning the team too. */
  removeUsers(team: TeamRecord, userIds: readonly string[]): void {
    team.userIds = team.userIds.filter((id) => !userIds.includes(id));
    team.ownerIds = team.ownerIds.filter((id) => !userIds.includes(id));
  }
}
