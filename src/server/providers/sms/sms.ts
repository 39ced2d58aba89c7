/** One text message to a phone, as every SMS adapter takes it. */
export interface SmsMessage {
  /** E.164, e.g. +66812345678. */
  to: string;
  text: string;
  /** The OTP code inside the text; only the sandbox inbox keeps it (to show it to testers). */
  code: string;
}

/** Delivers text messages; throws when the message could not be handed over. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export class SmsFailure extends Error {
  constructor(detail: string) {
    super(`SMS not sent: ${detail}`);
    this.name = 'SmsFailure';
  }
}
