/**
 * The EMVCo QR code payload format (EMV QRCPS, as used by Thai PromptPay, LAO QR and the banks'
 * slip QR): a string of fields, each a two-digit tag, a two-digit length and the value, ending
 * with a CRC field over everything before its value.
 */

export type Field = readonly [tag: string, value: string];

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function encodeField(tag: string, value: string): string {
  if (!/^\d{2}$/.test(tag)) throw new Error(`bad EMVCo tag ${tag}`);
  if (value.length > 99) throw new Error(`EMVCo field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

export const encodeFields = (fields: readonly Field[]): string => fields.map(([tag, value]) => encodeField(tag, value)).join('');

/** The payload with its CRC field appended: the CRC covers the payload and the CRC field's tag and length. */
export function withCrc(payload: string, crcTag = '63'): string {
  const head = `${payload}${crcTag}04`;
  return head + crc16(head);
}

/** Splits a string of fields; undefined when it is not exactly a sequence of well-formed fields. */
export function decodeFields(text: string): Field[] | undefined {
  const fields: Field[] = [];
  let at = 0;
  while (at < text.length) {
    const tag = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(length)) return undefined;
    const end = at + 4 + Number(length);
    if (end > text.length) return undefined;
    fields.push([tag, text.slice(at + 4, end)]);
    at = end;
  }
  return fields;
}

/** A parsed payload: its top-level fields, and a field's sub-fields (templates such as 29, 30, 62). */
export class EmvPayload {
  private readonly map: Map<string, string>;

  constructor(readonly fields: readonly Field[]) {
    this.map = new Map(fields);
  }

  get(tag: string): string | undefined {
    return this.map.get(tag);
  }

  /** The sub-field `sub` of template `tag`, when that field is itself a well-formed string of fields. */
  sub(tag: string, sub: string): string | undefined {
    const value = this.map.get(tag);
    const inner = value === undefined ? undefined : decodeFields(value);
    return inner?.find(([t]) => t === sub)?.[1];
  }
}

export type ParseFailure = 'malformed' | 'bad_crc';

/**
 * Parses a payload whose last field is the CRC field `crcTag`, checking the CRC. A payload with
 * fields after the CRC, or with no CRC field, is malformed.
 */
export function parsePayload(text: string, crcTag = '63'): EmvPayload | ParseFailure {
  const fields = decodeFields(text.trim());
  if (!fields || fields.length < 2) return 'malformed';
  const [lastTag, crc] = fields[fields.length - 1];
  if (lastTag !== crcTag || !/^[0-9A-Fa-f]{4}$/.test(crc)) return 'malformed';
  const covered = text.trim().slice(0, -4);
  if (crc16(covered) !== crc.toUpperCase()) return 'bad_crc';
  return new EmvPayload(fields.slice(0, -1));
}

/** An amount in minor units as EMVCo field 54 writes it: "100.00", or whole units when `whole`. */
export function formatAmount(minor: bigint, whole = false): string {
  if (minor <= 0n) throw new Error('an EMVCo amount must be positive');
  const units = minor / 100n;
  const cents = minor % 100n;
  if (whole && cents === 0n) return units.toString();
  return `${units}.${cents.toString().padStart(2, '0')}`;
}
