/**
 * Lao has no spaces between words, so a browser breaks a Lao line where its word dictionary says
 * a word ends (Chromium does with or without lang="lo"; the document carries it anyway, i18n/locale.ts).
 * The dictionary does not know the loanwords a wallet lives on, nor a few native ones, and cuts
 * them between syllables, sometimes inside one: "ໂບ|ນັດ" (bonus), "ສະ|ລິບ" (slip), "ອັບ|ໂຫຼ|ດ"
 * (upload), "ກຳ|ລັງ". CSS cannot help (word-break: keep-all and line-break leave Lao to the
 * dictionary), nor can Intl.Segmenter (the same dictionary, which cuts "ໂຫຼ|ດ" too). So the words
 * the product writes are kept whole with WORD JOINER (U+2060, invisible, no width), put between
 * their letters: the line then breaks before or after the word, never inside it.
 *
 * locales/la.json holds its words joined already (tests/client/laoWords.test.ts keeps it so, and
 * rewrites it with LAO_WORDS_FIX=1), so what the tests read is what the page shows; operator
 * texts are joined as they are shown (format/safeHtml.ts, the bonus cards).
 */
export const WORD_JOINER = '\u2060';

/** Words the dictionary cuts, as the product writes them. Add a word when a screen shows it cut. */
export const LAO_WORDS = [
  // loanwords
  'ໂບນັດ', 'ສະລິບ', 'ອັບໂຫຼດ', 'ດາວໂຫຼດ', 'ໂຫຼດ', 'ອັບເດດ', 'ໂປຣໂມຊັນ', 'ໂປຣໄຟລ໌', 'ເວີຊັນ', 'ເມນູ', 'ເຊດຊັນ',
  'ຄູປອງ', 'ອິນເຕີເນັດ', 'ເຊີບເວີ', 'ບຣາວເຊີ', 'ແອດມິນ', 'ວິດີໂອ', 'ເທີນໂອເວີ', 'ຄິວອາໂຄດ', 'ສະແກນ', 'ຄາສິໂນ',
  'ທຣູມັນນີ່ວໍເລັດ', 'ທຣູວໍເລັດ', 'ວໍເລັດ', 'ອັ່ງເປົາ', 'ລັອບບີ້', 'ເຄຣດິດ', 'ຣີເຊັດ', 'ແຄັບຊາ', 'ສະລັອດ', 'ສລັອດ', 'ເຊີຣີ',
  // native words
  'ກຳລັງ', 'ສຳເລັດ', 'ສຳເນົາ', 'ສະມາຊິກ', 'ສະຖານະ', 'ກວດສອບ', 'ຂັ້ນຕອນ', 'ຕ້ອນຮັບ', 'ປອດໄພ', 'ເຄືອຂ່າຍ', 'ຂັດຂ້ອງ',
  'ມືຖື', 'ສະເພາະ', 'ສາມາດ', 'ເສດທົດສະນິຍົມ', 'ໝາກນາວ', 'ໝາກໂມ',
] as const;

/** Where a line may start inside a word: a consonant (ໜ, ໝ too) or a leading vowel, not just after a leading vowel. */
const STARTS_CLUSTER = /[\u0E81-\u0EAE\u0EC0-\u0EC4\u0EDC-\u0EDF]/;
const LEADING_VOWEL = /[\u0EC0-\u0EC4]/;

/** The word with a joiner before each cluster but the first (never before a mark, so shaping is untouched). */
export const joinedWord = (word: string): string =>
  [...word].map((ch, i, all) => (i > 0 && STARTS_CLUSTER.test(ch) && !LEADING_VOWEL.test(all[i - 1]) ? WORD_JOINER + ch : ch)).join('');

const JOINED = new Map<string, string>(LAO_WORDS.map((word) => [word, joinedWord(word)]));
// Longest first, so a word inside a longer one (ໂຫຼດ in ອັບໂຫຼດ) does not take it apart.
const WORDS = new RegExp([...LAO_WORDS].sort((a, b) => b.length - a.length).join('|'), 'g');
const LAO = /[\u0E80-\u0EFF]/;

/** The text with the product's Lao words kept whole; the same text when it has none. Joining twice changes nothing. */
export function joinLaoWords(text: string): string {
  if (!LAO.test(text)) return text;
  return text.replaceAll(WORD_JOINER, '').replace(WORDS, (word) => JOINED.get(word) ?? word);
}
