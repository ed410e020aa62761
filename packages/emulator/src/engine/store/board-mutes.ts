/**
 * Board mute settings in the in-memory store: each user's notification mute state per board (absent: not muted),
 * and the boards an owner muted for everyone. Not seeded; callers check boards, users and who may mute for all.
 */

/** A state a user can keep for a board (`MUTE_ALL`, the board-wide mute, is kept apart). */
export type UserMuteState = 'NOT_MUTED' | 'CURRENT_USER_MUTE_ALL' | 'MENTIONS_AND_ASSIGNS_ONLY' | 'CUSTOM_SETTINGS';

/** A notification a user can keep on under `CUSTOM_SETTINGS`. */
export type CustomizableBoardSetting = 'AUTOMATION_NOTIFY' | 'IM_ASSIGNED' | 'IM_MENTIONED';

/** One user's mute state for one board. */
export interface BoardMuteRecord {
  boardId: string;
  userId: string;
  state: UserMuteState;
  /** The notifications kept on; only under `CUSTOM_SETTINGS`. */
  enabled: CustomizableBoardSetting[] | null;
}

/** Board mute settings. */
export class BoardMuteStore {
  readonly #records: BoardMuteRecord[] = [];
  readonly #mutedForAll = new Set<string>();

  /** The user's own state for the board (not muted when never set). */
  ofUser(boardId: string, userId: string): BoardMuteRecord {
    return (
      this.#records.find((record) => record.boardId === boardId && record.userId === userId) ?? {
        boardId,
        userId,
        state: 'NOT_MUTED',
        enabled: null,
      }
    );
  }

  /** True while an owner has the board muted for everyone. */
  mutedForAll(boardId: string): boolean {
    return this.#mutedForAll.has(boardId);
  }

  /** Sets the user's own state for the board. */
  setForUser(record: BoardMuteRecord): void {
    const at = this.#records.findIndex((entry) => entry.boardId === record.boardId && entry.userId === record.userId);
    if (at >= 0) this.#records.splice(at, 1, record);
    else this.#records.push(record);
  }

  /** Mutes the board for everyone, or lifts that. */
  setMutedForAll(boardId: string, muted: boolean): void {
    if (muted) this.#mutedForAll.add(boardId);
    else this.#mutedForAll.delete(boardId);
  }
}
