import CryptoJS from 'crypto-js';
import { checksum, generate, parse, validate } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { accountMatches } from '../../src/server/modules/deposits/accounts';
import { laoQrMerchantProblem, laoQrPayload, promptPayPayload } from '../../src/server/providers/emvco/merchant-qr';
import { crcCcittFalse, parseStrict } from './helpers/emvco-strict';
import { bcelSlipQr, parseSlipQr, thaiSlipQr } from '../../src/server/providers/emvco/slip-qr';
import { crc16, decodeFields, encodeFields, formatAmount, parsePayload, withCrc } from '../../src/server/providers/emvco/tlv';
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

describe('LAO QR payloads, read by an independent strict EMVCo reader', () => {
  const BCEL = { bankId: '27710418', merchantId: 'mch5d0077995d4ae', category: '5977', name: 'SANDBOX WALLET', city: 'VIENTIANE' };

  it('carry every mandatory tag, the bank and merchant ids, kip (418) in whole kip, and a valid CRC', () => {
    const qr = parseStrict(laoQrPayload(BCEL, { amount: 5_000_000n, reference: 'QRLAO1', currency: 'LAK' }));
    expect(qr.tags.get('01')).toBe('12');
    expect(Object.fromEntries(qr.template('38'))).toEqual({ '00': 'A005266284662577', '01': '27710418', '02': '002', '03': 'mch5d0077995d4ae' });
    expect(qr.tags.get('52')).toBe('5977');
    expect(qr.tags.get('53')).toBe('418');
    expect(qr.tags.get('54')).toBe('50000');
    expect(qr.tags.get('58')).toBe('LA');
    expect(qr.tags.get('59')).toBe('SANDBOX WALLET');
    expect(qr.tags.get('60')).toBe('VIENTIANE');
    expect(qr.template('62').get('01')).toBe('QRLAO1');
  });

  it('lays the merchant template out as public BCEL One merchant codes do (JDB: its own bank id)', () => {
    const bcel = laoQrPayload(BCEL, { amount: 100_000n, reference: 'R1', currency: 'LAK' });
    expect(bcel).toContain('38590016A00526628466257701082771041802030020316mch5d0077995d4ae5204597753034185');
    const jdb = parseStrict(laoQrPayload({ ...BCEL, bankId: '32170418' }, { amount: 100_000n, reference: 'R1', currency: 'LAK' }));
    expect(jdb.template('38').get('01')).toBe('32170418');
  });

  it('carry baht (764) for a member holding baht', () => {
    const qr = parseStrict(laoQrPayload(BCEL, { amount: 10050n, reference: 'R', currency: 'BAHT' }));
    expect(qr.tags.get('53')).toBe('764');
    expect(qr.tags.get('54')).toBe('100.50');
  });

  it('are never made for fractional kip or for a merchant a bank could not know', () => {
    const order = { amount: 1_250n, reference: 'R', currency: 'LAK' };
    expect(() => laoQrPayload(BCEL, order)).toThrow(/whole kip/);
    const whole = { ...order, amount: 1_200n };
    for (const bad of [{ bankId: '00000000' }, { bankId: '2771' }, { merchantId: '' }, { merchantId: 'has space' }, { category: '59' }, { name: '' }, { name: 'N'.repeat(26) }, { city: '' }, { city: 'C'.repeat(16) }, { name: 'ບໍລິສັດ' }]) {
      expect(laoQrMerchantProblem({ ...BCEL, ...bad }), JSON.stringify(bad)).toBeDefined();
      expect(() => laoQrPayload({ ...BCEL, ...bad }, whole), JSON.stringify(bad)).toThrow();
    }
    expect(laoQrMerchantProblem(BCEL)).toBeUndefined();
  });

  it('the strict reader refuses what a bank app refuses: a missing mandatory tag, a bad CRC, a dynamic code without amount', () => {
    const good = laoQrPayload(BCEL, { amount: 100_000n, reference: 'R', currency: 'LAK' });
    expect(() => parseStrict(good.slice(0, -1) + (good.endsWith('0') ? '1' : '0'))).toThrow(/CRC/);
    const withoutCity = good.replace('6009VIENTIANE', '');
    expect(() => parseStrict(withoutCity.slice(0, -4) + crcCcittFalse(withoutCity.slice(0, -4)))).toThrow(/tag 60/);
    const withoutAmount = good.replace('54041000', '');
    expect(() => parseStrict(withoutAmount.slice(0, -4) + crcCcittFalse(withoutAmount.slice(0, -4)))).toThrow(/amount/);
    // The placeholder payload 0006 used to make: no 52, 59, 60.
    const f = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;
    const old = f('00', '01') + f('01', '12') + f('38', f('00', 'A005266284662577') + f('01', '00000000') + f('02', '002') + f('03', '010120000000001'))
      + f('53', '418') + f('54', '50000') + f('58', 'LA') + f('62', f('01', 'QRLAO1')) + '6304';
    expect(() => parseStrict(old + crcCcittFalse(old))).toThrow(/tag 52/);
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
