/** Teams of the in-memory store: named groups of an account's users, with owners. Read-only in the emulator. */

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

  constructor(teams: TeamRecord[]) {
    this.#teams = teams;
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
}
