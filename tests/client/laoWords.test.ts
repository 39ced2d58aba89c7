import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import la from '../../locales/la.json';
import { joinedWord, joinLaoWords, LAO_WORDS, WORD_JOINER } from '../../src/client/format/laoWords';

const LAO_MARK = /[\u0EB1\u0EB4-\u0EBC\u0EC8-\u0ECD]/;
const flat = (value: unknown, key = ''): [string, string][] =>
  typeof value === 'string' ? [[key, value]] : Object.entries(value as object).flatMap(([k, v]) => flat(v, key ? `${key}.${k}` : k));

describe('Lao words kept whole (issue 28: Lao text broke mid-word)', () => {
  it('puts a joiner between the clusters of a word the dictionary cuts, never before a mark or after a leading vowel', () => {
    const J = WORD_JOINER;
    // The cuts the dictionary makes ("ໂບ|ນັດ", "ອັບ|ໂຫຼ|ດ") are all joined, and so is every other cluster start.
    expect(joinedWord('ໂບນັດ')).toBe(`ໂບ${J}ນັ${J}ດ`);
    expect(joinedWord('ອັບໂຫຼດ')).toBe(`ອັ${J}ບ${J}ໂຫຼ${J}ດ`);
    expect(joinedWord('ກຳລັງ')).toBe(`ກຳ${J}ລັ${J}ງ`);
    for (const word of LAO_WORDS) {
      const joined = joinedWord(word);
      expect(joined.replaceAll(WORD_JOINER, '')).toBe(word);
      for (let i = 0; i < joined.length; i++) {
        if (joined[i] !== WORD_JOINER) continue;
        expect(joined[i + 1], `${word}: a joiner before a mark`).not.toMatch(LAO_MARK);
        expect(joined[i - 1], `${word}: a joiner after a leading vowel`).not.toMatch(/[\u0EC0-\u0EC4]/);
      }
    }
  });

  it('joins the words in running text, leaves the rest as it is, and joining twice changes nothing', () => {
    const text = 'ກະລຸນາອັບໂຫຼດສະລິບພາຍໃນໜຶ່ງຊົ່ວໂມງ';
    const joined = joinLaoWords(text);
    expect(joined.replaceAll(WORD_JOINER, '')).toBe(text);
    expect(joined).toContain(joinedWord('ອັບໂຫຼດ'));
    expect(joined).toContain(joinedWord('ສະລິບ'));
    expect(joined.startsWith('ກະລຸນາ')).toBe(true);
    expect(joinLaoWords(joined)).toBe(joined);
    expect(joinLaoWords('Bonus 100% <b>slip</b>')).toBe('Bonus 100% <b>slip</b>');
    // Operator html: tags and attributes are untouched.
    expect(joinLaoWords('<p class="x">ຮັບໂບນັດ</p>')).toBe(`<p class="x">ຮັບ${joinedWord('ໂບນັດ')}</p>`);
  });

  it('locales/la.json holds its words joined (LAO_WORDS_FIX=1 rewrites it)', () => {
    const unjoined = flat(la).filter(([, text]) => joinLaoWords(text) !== text);
    if (unjoined.length && process.env.LAO_WORDS_FIX) {
      const fixed = JSON.parse(JSON.stringify(la), (_key, value: unknown) => (typeof value === 'string' ? joinLaoWords(value) : value));
      fs.writeFileSync(new URL('../../locales/la.json', import.meta.url), `${JSON.stringify(fixed, null, 2)}\n`);
      return;
    }
    expect(unjoined.map(([key]) => key)).toEqual([]);
  });

  it('has no joiner in the other languages', () => {
    for (const name of ['th', 'en']) {
      const text = fs.readFileSync(new URL(`../../locales/${name}.json`, import.meta.url), 'utf8');
      expect(text.includes(WORD_JOINER), name).toBe(false);
    }
  });
});
