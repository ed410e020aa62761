/** Notifications sent through create_notification, kept so tests can see what was sent to whom. */
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** A notification sent to one user. */
export interface NotificationRecord {
  id: string;
  accountId: string;
  /** The user notified. */
  userId: string;
  /** The user who sent it. */
  senderId: string;
  targetId: string;
  /** `Project` (an item or board) or `Post` (an update). */
  targetType: 'Project' | 'Post';
  text: string;
  createdAt: string;
}

/** Notifications. */
export class NotificationStore extends Collection<NotificationRecord> {
  readonly #stamper: Stamper;

  /** Starts empty (notifications are not seeded); ids and times come from `stamper`. */
  constructor(stamper: Stamper) {
    super();
    this.#stamper = stamper;
  }

  /** Records a notification. */
  send(input: Omit<NotificationRecord, 'id' | 'createdAt'>): NotificationRecord {
    return this.insert({ ...input, id: this.#stamper.newId(), createdAt: this.#stamper.now() });
  }
}
