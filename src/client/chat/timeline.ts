/**
 * The message list as the panel shows it (SPEC section 2): a day separator before the first
 * message of each day, and an end-of-conversation marker where one session gave way to the next.
 * Pure, so it is tested without a browser.
 */
export interface TimelineMessage {
  _id: string;
  createdAt: string;
  session_id: string;
}

export type TimelineItem<M> =
  | { kind: 'day'; key: string; date: Date }
  | { kind: 'end'; key: string }
  | { kind: 'message'; key: string; message: M };

const dayOf = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

export function timeline<M extends TimelineMessage>(messages: readonly M[]): TimelineItem<M>[] {
  const items: TimelineItem<M>[] = [];
  let previous: M | undefined;
  for (const message of messages) {
    const at = new Date(message.createdAt);
    if (previous && previous.session_id !== message.session_id) items.push({ kind: 'end', key: `end-${message._id}` });
    if (!previous || dayOf(new Date(previous.createdAt)) !== dayOf(at)) items.push({ kind: 'day', key: `day-${message._id}`, date: at });
    items.push({ kind: 'message', key: message._id, message });
    previous = message;
  }
  return items;
}

/** 'today', 'yesterday', or null for an older day (shown as a date). */
export function relativeDay(date: Date, now: Date): 'today' | 'yesterday' | null {
  if (dayOf(date) === dayOf(now)) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return dayOf(date) === dayOf(yesterday) ? 'yesterday' : null;
}

/** Whether a scrolled list counts as at the bottom (SPEC section 9: 60 px). */
export const isAtBottom = (el: { scrollHeight: number; scrollTop: number; clientHeight: number }, thresholdPx: number) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= thresholdPx;

/** Adds messages by id (history pages, socket events and own sends overlap), kept in time order. */
export function mergeMessages<M extends TimelineMessage>(current: readonly M[], incoming: readonly M[]): M[] {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const m of incoming) byId.set(m._id, m);
  return [...byId.values()].sort((x, y) => Date.parse(x.createdAt) - Date.parse(y.createdAt));
}
