/**
 * A strict EMVCo merchant-presented QR reader written for the tests, sharing no code with
 * src/server/modules/deposits/emvco: it checks what a banking app checks before it pays a
 * code (EMV QRCPS Merchant-Presented Mode 1.1, sections 4.7 and 5): the TLV structure, tag 00
 * first and 63 last, no tag twice, every mandatory tag with a well-formed value, the merchant
 * account templates, and the CRC.
 */

export interface StrictQr {
  /** Top-level tags and values, in order. */
  tags: Map<string, string>;
  /** The sub-tags of a template (26 to 51, 62, 64). */
  template(tag: string): Map<string, string>;
}

// CRC-16/CCITT-FALSE, table-driven (poly 0x1021, init 0xFFFF).
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let i = 0; i < 8; i++) c = (c & 0x8000) !== 0 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
export function crcCcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) crc = ((crc << 8) ^ TABLE[((crc >> 8) ^ byte) & 0xff]) & 0xffff;
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tlv(text: string, where: string): [string, string][] {
  const out: [string, string][] = [];
  let i = 0;
  while (i < text.length) {
    const head = text.slice(i, i + 4);
    if (!/^\d{4}$/.test(head)) throw new Error(`${where}: bad tag or length at ${i}: "${head}"`);
    const len = Number(head.slice(2));
    if (len === 0) throw new Error(`${where}: tag ${head.slice(0, 2)} is empty`);
    const value = text.slice(i + 4, i + 4 + len);
    if (value.length !== len) throw new Error(`${where}: tag ${head.slice(0, 2)} runs past the end`);
    out.push([head.slice(0, 2), value]);
    i += 4 + len;
  }
  const seen = new Set<string>();
  for (const [tag] of out) {
    if (seen.has(tag)) throw new Error(`${where}: tag ${tag} appears twice`);
    seen.add(tag);
  }
  return out;
}

const isTemplate = (tag: string) => (Number(tag) >= 26 && Number(tag) <= 51) || tag === '62' || tag === '64';

/** Parses a payload, throwing with the reason on anything a strict reader refuses. */
export function parseStrict(payload: string): StrictQr {
  if (!/^[\x20-\x7E]+$/.test(payload)) throw new Error('not printable ASCII');
  const fields = tlv(payload, 'payload');
  const tags = new Map(fields);
  if (fields[0]?.[0] !== '00' || fields[0][1] !== '01') throw new Error('tag 00 (payload format "01") is not first');
  const last = fields[fields.length - 1];
  if (last[0] !== '63' || !/^[0-9A-F]{4}$/.test(last[1])) throw new Error('tag 63 (CRC, 4 upper-case hex) is not last');
  const expected = crcCcittFalse(payload.slice(0, -4));
  if (expected !== last[1]) throw new Error(`CRC ${last[1]} is not ${expected}`);

  const initiation = tags.get('01');
  if (initiation !== '11' && initiation !== '12') throw new Error('tag 01 is neither 11 (static) nor 12 (dynamic)');
  const accounts = fields.filter(([tag]) => Number(tag) >= 2 && Number(tag) <= 51);
  if (accounts.length === 0) throw new Error('no merchant account (tags 02 to 51)');
  const templates = new Map<string, Map<string, string>>();
  for (const [tag, value] of fields) {
    if (!isTemplate(tag)) continue;
    const sub = new Map(tlv(value, `template ${tag}`));
    if (Number(tag) >= 26 && Number(tag) <= 51 && !sub.get('00')) throw new Error(`template ${tag} has no globally unique id (00)`);
    templates.set(tag, sub);
  }
  if (!/^\d{4}$/.test(tags.get('52') ?? '')) throw new Error('tag 52 (merchant category code, 4 digits) missing or malformed');
  if (!/^\d{3}$/.test(tags.get('53') ?? '')) throw new Error('tag 53 (currency, ISO 4217 numeric) missing or malformed');
  const amount = tags.get('54');
  if (initiation === '12' && amount === undefined) throw new Error('a dynamic code (01 = 12) has no amount (54)');
  if (amount !== undefined && (!/^(\d+(\.\d*)?|\.\d+)$/.test(amount) || amount.length > 13 || Number(amount) <= 0)) {
    throw new Error(`tag 54 "${amount}" is not a positive decimal amount of at most 13 characters`);
  }
  if (!/^[A-Z]{2}$/.test(tags.get('58') ?? '')) throw new Error('tag 58 (country, ISO 3166 alpha-2) missing or malformed');
  const name = tags.get('59');
  if (!name || name.length > 25) throw new Error('tag 59 (merchant name, 1 to 25) missing or too long');
  const city = tags.get('60');
  if (!city || city.length > 15) throw new Error('tag 60 (merchant city, 1 to 15) missing or too long');
  return {
    tags,
    template: (tag) => {
      const sub = templates.get(tag);
      if (!sub) throw new Error(`no template ${tag}`);
      return sub;
    },
  };
}
