import CryptoJS from 'crypto-js';
import { checksum, generate, parse, validate } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { accountMatches } from '../../src/server/modules/deposits/accounts';
import { laoQrPayload, promptPayPayload } from '../../src/server/modules/deposits/emvco/merchant-qr';
import { bcelSlipQr, parseSlipQr, thaiSlipQr } from '../../src/server/modules/deposits/emvco/slip-qr';
import { crc16, decodeFields, encodeFields, formatAmount, parsePayload, withCrc } from '../../src/server/modules/deposits/emvco/tlv';
import { decryptLink } from '../../src/server/modules/deposits/truewallet';

describe('CRC-16/CCITT-FALSE', () => {
  it.each([
    ['123456789', '29B1'], // the catalogue check value of CRC-16/CCITT-FALSE
    ['', 'FFFF'],
    ['A', 'B915'],
    // A PromptPay payload up to and including "6304", and the CRC a banking app expects after it.
    ['00020101021129370016A000000677010111011300668123456785802TH53037646304', checksum('00020101021129370016A000000677010111011300668123456785802TH53037646304')],
  ])('crc16(%j) = %s', (text, crc) => {
    expect(crc16(text)).toBe(crc);
  });

  it('agrees with an independent implementation on many payloads', () => {
    for (let i = 0; i < 200; i++) {
      const text = Array.from({ length: i }, (_, j) => String.fromCharCode(32 + ((i * 7 + j * 13) % 95))).join('');
      expect(crc16(text)).toBe(checksum(text, true));
    }
  });
});

describe('EMVCo fields', () => {
  it('encodes and decodes tag, length, value', () => {
    const text = encodeFields([['00', '01'], ['29', encodeFields([['00', 'A000000677010111'], ['01', '0066812345678']])], ['58', 'TH']]);
    expect(text).toBe('0002012937' + '0016A000000677010111' + '01130066812345678' + '5802TH');
    expect(decodeFields(text)).toEqual([['00', '01'], ['29', '0016A00000067701011101130066812345678'], ['58', 'TH']]);
  });

  it.each([
    ['a length past the end', '000501'],
    ['a tag that is not two digits', 'A00201'],
    ['a length that is not two digits', '00A101'],
    ['a dangling tag', '00020158'],
  ])('refuses %s', (_, text) => {
    expect(decodeFields(text)).toBeUndefined();
  });

  it('checks the CRC and reads templates', () => {
    const payload = withCrc(encodeFields([['00', '01'], ['62', encodeFields([['05', 'REF1']])]]));
    const parsed = parsePayload(payload);
    expect(typeof parsed).not.toBe('string');
    if (typeof parsed === 'string') return;
    expect(parsed.get('00')).toBe('01');
    expect(parsed.sub('62', '05')).toBe('REF1');
    expect(parsePayload(payload.slice(0, -1) + (payload.endsWith('0') ? '1' : '0'))).toBe('bad_crc');
    expect(parsePayload(encodeFields([['00', '01'], ['58', 'TH']]))).toBe('malformed');
    expect(parsePayload('not a payload')).toBe('malformed');
  });

  it('writes amounts with two decimals, or whole units when asked', () => {
    expect(formatAmount(10000n)).toBe('100.00');
    expect(formatAmount(1n)).toBe('0.01');
    expect(formatAmount(12345n)).toBe('123.45');
    expect(formatAmount(5_000_000n, true)).toBe('50000');
    expect(formatAmount(5_000_050n, true)).toBe('50000.50');
    expect(() => formatAmount(0n)).toThrow();
  });
});

describe('PromptPay payloads, read by an independent parser (promptparse)', () => {
  it('a bill payment QR (tag 30) carries the biller, the order reference and the amount, with a valid CRC', () => {
    const payload = promptPayPayload({ billerId: '010556000000001' }, { amount: 10000n, reference: 'QRABCD2345EFGH' });
    expect(validate.billPayment(payload)).toEqual({ billerId: '010556000000001', ref1: 'QRABCD2345EFGH', amount: 100 });
    const qr = parse(payload, true)!;
    expect(qr).not.toBeNull();
    expect(qr.validate('63')).toBe(true);
    expect(qr.getTagValue('00')).toBe('01');
    expect(qr.getTagValue('01')).toBe('12');
    expect(qr.getTagValue('30', '00')).toBe('A000000677010112');
    expect(qr.getTagValue('53')).toBe('764');
    expect(qr.getTagValue('54')).toBe('100.00');
    expect(qr.getTagValue('58')).toBe('TH');
    expect(qr.getTagValue('62', '05')).toBe('QRABCD2345EFGH');
  });

  it.each([
    [{ proxy: 'MSISDN', id: '0812345678' } as const, 'MSISDN', '0812345678'],
    [{ proxy: 'NATID', id: '0105560000000' } as const, 'NATID', '0105560000000'],
    [{ proxy: 'EWALLETID', id: '140000812345678' } as const, 'EWALLETID', '140000812345678'],
  ])('a PromptPay id QR (tag 29) for %o', (target, type, id) => {
    const payload = promptPayPayload(target, { amount: 12345n, reference: 'R1' });
    expect(validate.anyId(payload)).toEqual({ type, target: id, amount: 123.45 });
    expect(parse(payload, true)!.getTagValue('62', '05')).toBe('R1');
  });

  it('matches the fields promptparse itself generates', () => {
    const ours = parse(promptPayPayload({ billerId: '010556000000001' }, { amount: 5050n, reference: 'QR1' }), true)!;
    const theirs = parse(generate.billPayment({ billerId: '010556000000001', amount: 50.5, ref1: 'QR1' }), true)!;
    for (const tag of ['00', '01', '30', '53', '54', '58']) expect(ours.getTagValue(tag), tag).toBe(theirs.getTagValue(tag));
  });

  it('refuses a reference a bank would not carry', () => {
    expect(() => promptPayPayload({ billerId: '010556000000001' }, { amount: 100n, reference: 'has space' })).toThrow();
    expect(() => promptPayPayload({ billerId: '010556000000001' }, { amount: 100n, reference: 'X'.repeat(21) })).toThrow();
  });
});

describe('LAO QR payloads', () => {
  it('carries kip (418), country LA, the receiver, the amount and the bill number', () => {
    const payload = laoQrPayload({ iin: '00000000', receiverId: '010120000000001' }, { amount: 5_000_000n, reference: 'QRLAO1', currency: 'LAK' });
    const qr = parse(payload, true)!;
    expect(qr).not.toBeNull();
    expect(qr.getTagValue('01')).toBe('12');
    expect(qr.getTagValue('38', '00')).toBe('A005266284662577');
    expect(qr.getTagValue('38', '03')).toBe('010120000000001');
    expect(qr.getTagValue('53')).toBe('418');
    expect(qr.getTagValue('54')).toBe('50000');
    expect(qr.getTagValue('58')).toBe('LA');
    expect(qr.getTagValue('62', '01')).toBe('QRLAO1');
  });

  it('carries baht (764) for a member holding baht', () => {
    const qr = parse(laoQrPayload({ iin: '00000000', receiverId: '1' }, { amount: 10050n, reference: 'R', currency: 'BAHT' }), true)!;
    expect(qr.getTagValue('53')).toBe('764');
    expect(qr.getTagValue('54')).toBe('100.50');
  });
});

describe('slip QR', () => {
  it('makes the Thai slip QR exactly as promptparse does, and reads it back', () => {
    const slip = { sendingBank: '014', reference: '20250301ABCDEFGH1234' };
    const payload = thaiSlipQr(slip);
    expect(payload).toBe(generate.slipVerify({ sendingBank: '014', transRef: slip.reference }));
    expect(validate.slipVerify(payload)).toEqual({ sendingBank: '014', transRef: slip.reference });
    expect(parseSlipQr(payload)).toEqual(slip);
  });

  it('reads a slip QR made by promptparse', () => {
    expect(parseSlipQr(generate.slipVerify({ sendingBank: '004', transRef: '015061155337AQR05637' }))).toEqual({ sendingBank: '004', reference: '015061155337AQR05637' });
  });

  it('reads a BCEL One proof', () => {
    const payload = bcelSlipQr({ reference: 'FT25060ABCD', ticket: 'A1B2C3' });
    expect(validate.bcelOneProof(payload)).toMatchObject({ ticket: 'A1B2C3', fccref: 'FT25060ABCD' });
    expect(parseSlipQr(payload)).toEqual({ sendingBank: 'BCEL', reference: 'FT25060ABCD' });
  });

  it('tells a damaged slip QR from something that is not a slip', () => {
    const payload = thaiSlipQr({ sendingBank: '014', reference: 'ABC123' });
    expect(parseSlipQr(payload.replace('ABC123', 'ABC124'))).toBe('bad_crc');
    expect(parseSlipQr(promptPayPayload({ billerId: '010556000000001' }, { amount: 100n, reference: 'R' }))).toBe('not_a_slip');
    expect(parseSlipQr('https://example.com/')).toBe('malformed');
  });
});

describe('receiving account on a slip', () => {
  it.each([
    ['0730000002', '0730000002', true],
    ['073-0-00000-2', '0730000002', true],
    ['XXX-X-X0000-2', '0730000002', true],
    ['xxxxxx0002', '0730000002', true],
    ['XXXXXX0003', '0730000002', false],
    ['XXXXXXXXX2', '0730000002', false], // too little shown to tell
    ['1234', '0730000002', false],
  ])('%s is %s: %s', (onSlip, ours, match) => {
    expect(accountMatches(onSlip, ours)).toBe(match);
  });
});

describe('True Wallet link decryption', () => {
  const link = 'https://gift.truemoney.com/campaign/?v=0190d2e5f0a17a1b9c6f5e4d3c2b1a09';
  it('opens what crypto-js encrypted with the same passphrase', () => {
    expect(decryptLink(CryptoJS.AES.encrypt(link, 'k1').toString(), 'k1')).toBe(link);
  });
  it.each([
    ['plain text', link],
    ['garbage', 'U2FsdGVkX1+garbage=='],
    ['nothing', ''],
  ])('gives nothing for %s', (_, text) => {
    expect(decryptLink(text, 'k1')).toBeUndefined();
  });
  it('never gives the link back under another key (at most noise, which no link pattern accepts)', () => {
    expect(decryptLink(CryptoJS.AES.encrypt(link, 'k2').toString(), 'k1')).not.toBe(link);
  });
});
