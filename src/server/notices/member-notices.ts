/**
 * Things the product tells a member when they happen, outside the open page (Web Push, issue 32).
 * Amounts are minor units in the member's currency. Whoever tells one does so only after the fact
 * has committed: money steps through `MoneyStep.tell` (the envelope hands them over after commit,
 * never for a rolled-back step or a replayed key), the chat after an operator's answer is stored.
 */
export type MemberNotice =
  | { kind: 'deposit.credited'; amount: bigint; currency: string }
  | { kind: 'withdrawal.paid'; amount: bigint; currency: string }
  | { kind: 'withdrawal.refused'; amount: bigint; currency: string }
  | { kind: 'chat.answered' }
  /** A held bonus ended with its turnover met: what it was played into is the member's own. */
  | { kind: 'bonus.finished'; outcome: 'completed'; amount: bigint; currency: string };

export type MemberNoticeKind = MemberNotice['kind'];

type Listener = (memberId: number, notice: MemberNotice) => void;

/**
 * Where notices go: the app context owns one; the push module listens. A listener must be quick and
 * must not throw (it runs right after a commit, on the committing request's path): one that does
 * is reported to `onListenerError` and the others still hear the notice.
 */
export class MemberNotices {
  private readonly listeners: Listener[] = [];

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  listen(listener: Listener): void {
    this.listeners.push(listener);
  }

  tell(memberId: number, notice: MemberNotice): void {
    for (const listener of this.listeners) {
      try {
        listener(memberId, notice);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
