/**
 * Custom activities (an account's kinds of timeline event, such as "Call" or "Meeting") and the timeline items
 * logged on items with them.
 */

/** A custom activity of one account. */
export interface CustomActivityRecord {
  id: string;
  accountId: string;
  name: string;
  /** One of the platform's CustomActivityIcon values. */
  iconId: string;
  /** One of the platform's CustomActivityColor values. */
  color: string;
}

/** A timeline item: an event of a custom activity, logged on an item. */
export interface TimelineItemRecord {
  id: string;
  accountId: string;
  itemId: string;
  boardId: string;
  userId: string;
  customActivityId: string;
  title: string;
  summary: string | null;
  content: string | null;
  location: string | null;
  phone: string | null;
  url: string | null;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  timeRange: { start: string; end: string } | null;
  createdAt: string;
}

/** What {@link TimelineStore.createTimelineItem} needs. */
export type NewTimelineItem = Omit<TimelineItemRecord, 'id' | 'createdAt'>;

/** Keeps custom activities and timeline items of every account. */
export class TimelineStore {
  readonly #activities: CustomActivityRecord[] = [];
  readonly #items: TimelineItemRecord[] = [];
  readonly #newId: () => string;
  readonly #stamp: () => string;

  constructor(newId: () => string, stamp: () => string) {
    this.#newId = newId;
    this.#stamp = stamp;
  }

  /** Every custom activity. */
  activities(): readonly CustomActivityRecord[] {
    return this.#activities;
  }
  /** Every timeline item, oldest first. */
  timelineItems(): readonly TimelineItemRecord[] {
    return this.#items;
  }
  /** The custom activity with this id, if any (any account). */
  findActivity(id: string): CustomActivityRecord | undefined {
    return this.#activities.find((activity) => activity.id === id);
  }
  /** The timeline item with this id, if any (any account). */
  findTimelineItem(id: string | number): TimelineItemRecord | undefined {
    return this.#items.find((item) => item.id === String(id));
  }
  /** Timeline items of one item, newest event first. */
  ofItem(itemId: string): TimelineItemRecord[] {
    return this.#items
      .filter((entry) => entry.itemId === itemId)
      .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || Number(b.id) - Number(a.id));
  }

  /** Adds seeded records as they are. */
  load(activities: readonly CustomActivityRecord[], items: readonly TimelineItemRecord[]): void {
    this.#activities.push(...structuredClone(activities));
    this.#items.push(...structuredClone(items));
  }

  /** Creates a custom activity. Its id is a UUID, as on the platform. */
  createActivity(input: Omit<CustomActivityRecord, 'id'>): CustomActivityRecord {
    const activity = { ...input, id: crypto.randomUUID() };
    this.#activities.push(activity);
    return activity;
  }

  /** Removes a custom activity (its timeline items stay, naming an activity that is gone). */
  deleteActivity(activity: CustomActivityRecord): CustomActivityRecord {
    this.#activities.splice(this.#activities.indexOf(activity), 1);
    return activity;
  }

  /** Creates a timeline item. */
  createTimelineItem(input: NewTimelineItem): TimelineItemRecord {
    const entry: TimelineItemRecord = { ...input, id: this.#newId(), createdAt: this.#stamp() };
    this.#items.push(entry);
    return entry;
  }

  /** Removes a timeline item. */
  deleteTimelineItem(entry: TimelineItemRecord): TimelineItemRecord {
    this.#items.splice(this.#items.indexOf(entry), 1);
    return entry;
  }
}
