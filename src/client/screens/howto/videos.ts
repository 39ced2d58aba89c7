/**
 * The five tutorials of SPEC section 2. The API has no lookup for their addresses, so they are
 * the clips bundled in assets/howto (made by assets/howto/generate.sh), served under /assets/.
 */
export const HOWTO_VIDEOS = [
  { topic: 'wallet', file: 'wallet' },
  { topic: 'enterGame', file: 'enter-game' },
  { topic: 'checkBalance', file: 'check-balance' },
  { topic: 'receiveBonus', file: 'receive-bonus' },
  { topic: 'endBonus', file: 'end-bonus' },
] as const;

/** Every clip is this long (assets/howto/generate.sh). */
export const CLIP_SECONDS = 4;

export type HowtoVideo = (typeof HOWTO_VIDEOS)[number];
export type HowtoTopic = HowtoVideo['topic'];

const base = (video: HowtoVideo) => `/assets/howto/${video.file}`;
export const videoSources = (video: HowtoVideo) => [
  { src: `${base(video)}.webm`, type: 'video/webm' },
  { src: `${base(video)}.mp4`, type: 'video/mp4' },
];
export const videoPoster = (video: HowtoVideo) => `${base(video)}.jpg`;
