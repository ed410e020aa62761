/** Teams of the in-memory store: named groups of an account's users, with owners. */
import type { StoreClock } from './clock.js';

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
}

/** Teams. */
export class TeamStore {
  readonly #teams: TeamRecord[];
  readonly #clock: StoreClock;

  constructor(teams: TeamRecord[], clock: StoreClock) {
    this.#teams = teams;
    this.#clock = clock;
  }

  /** Every team. */
  teams(): readonly TeamRecord[] {
    return this.#teams;
  }
  /** The team with this id, if any (any account). */
  findTeam(id: string | number): TeamRecord | undefined {
    return this.#teams.find((team) => team.id === String(id));
  }
  /** Teams `userId` belongs to. */
  teamsOf(userId: string): TeamRecord[] {
    return this.#teams.filter((team) => team.userIds.includes(userId));
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
      id: this.#clock.newId(),
      accountId: input.accountId,
      name: input.name,
      pictureUrl: null,
      isGuest: input.isGuest,
      userIds: [...new Set(input.userIds)],
      ownerIds: [input.ownerId],
    };
    this.#teams.push(team);
    return team;
  }
  /** Removes a team. */
  deleteTeam(team: TeamRecord): TeamRecord {
    this.#teams.splice(this.#teams.indexOf(team), 1);
    return team;
  }
  /** Adds members (each once). */
  addUsers(team: TeamRecord, userIds: readonly string[]): void {
    for (const id of userIds) if (!team.userIds.includes(id)) team.userIds.push(id);
  }
  /** Removes members; a removed member stops owning the team too. */
  removeUsers(team: TeamRecord, userIds: readonly string[]): void {
    team.userIds = team.userIds.filter((id) => !userIds.includes(id));
    team.ownerIds = team.ownerIds.filter((id) => !userIds.includes(id));
  }
}
