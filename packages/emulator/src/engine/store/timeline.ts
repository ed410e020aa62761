/**
 * Custom activities (an account's kinds of timeline event, such as "Call" or "Meeting") and the timeline items
 * logged on items with them.
 */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

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

/** Keeps the timeline items of every account, and their custom activities. */
export class TimelineStore extends Collection<TimelineItemRecord> {
  /** Every custom activity. */
  readonly activities: Collection<CustomActivityRecord>;
  readonly #stamper: Stamper;

  /** Keeps the seeded `activities` and timeline `items` as they are; new ids and times come from `stamper`. */
  constructor(activities: CustomActivityRecord[], items: TimelineItemRecord[], stamper: Stamper) {
    super(items);
    this.activities = new Collection(activities);
    this.#stamper = stamper;
  }

  /** Timeline items of one item, newest event first. */
  ofItem(itemId: string): TimelineItemRecord[] {
    return this.where((entry) => entry.itemId === itemId).sort(
      (a, b) => b.timestamp.localeCompare(a.timestamp) || Number(b.id) - Number(a.id),
    );
  }

  /** Creates a custom activity. Its id is a UUID, as on the platform. */
  createActivity(input: Omit<CustomActivityRecord, 'id'>): CustomActivityRecord {
    return this.activities.insert({ ...input, id: crypto.randomUUID() });
  }

  /** Removes a custom activity (its timeline items stay, naming an activity that is gone). */
  deleteActivity(activity: CustomActivityRecord): CustomActivityRecord {
    return this.activities.remove(activity);
  }

  /** Creates a timeline item. */
  createTimelineItem(input: NewTimelineItem): TimelineItemRecord {
    return this.insert({ ...input, id: this.#stamper.newId(), createdAt: this.#stamper.now() });
  }

  /** Files the timeline of item `itemId` under board `boardId` (the item moved there). */
  moveItem(itemId: string, boardId: string): void {
    for (const entry of this.all()) if (entry.itemId === itemId) entry.boardId = boardId;
  }

  /** Removes a timeline item. */
  deleteTimelineItem(entry: TimelineItemRecord): TimelineItemRecord {
    return this.remove(entry);
  }
}
