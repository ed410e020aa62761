/** Notifications sent through create_notification, kept so tests can see what was sent to whom. */
import type { StoreClock } from './clock.js';

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
export class NotificationStore {
  readonly #notifications: NotificationRecord[] = [];
  readonly #clock: StoreClock;

  constructor(clock: StoreClock) {
    this.#clock = clock;
  }

  /** Every notification sent, oldest first. */
  notifications(): readonly NotificationRecord[] {
    return this.#notifications;
  }
  /** Records a notification. */
  send(input: Omit<NotificationRecord, 'id' | 'createdAt'>): NotificationRecord {
    const notification: NotificationRecord = { ...input, id: this.#clock.newId(), createdAt: this.#clock.now() };
    this.#notifications.push(notification);
    return notification;
  }
}
