import fs from 'node:fs';
import path from 'node:path';
import { VIEWPORT, framesDir, run, type Frame } from './recorder';

/**
 * A clip's frames as the files /howto plays, made with Debian's ffmpeg (apt-get install ffmpeg):
 * WebM (VP9) for the browsers that take it, MP4 (H.264 baseline, moov first so it starts before
 * it has all arrived) for the rest, and a JPEG poster. Screens change in steps, so a low frame
 * rate and a constant quality keep each clip to a few hundred kilobytes.
 */
export const CLIP_FPS = 12;
const SIZE = `${VIEWPORT.width}:${VIEWPORT.height}`;

const FILTER = `fps=${CLIP_FPS},scale=${SIZE}:flags=lanczos,format=yuv420p`;

/** Writes `<base>.webm`, `<base>.mp4` and `<base>.jpg` (the picture at `posterAt` ms). */
export async function encodeClip(frames: Frame[], seconds: number, posterAt: number, base: string) {
  const dir = framesDir();
  try {
    // The concat demuxer shows each frame until the next one's time: the screencast sends a frame only when the screen changes.
    const list = ['ffconcat version 1.0'];
    frames.forEach((frame, i) => {
      const file = `${String(i).padStart(5, '0')}.jpg`;
      fs.writeFileSync(path.join(dir, file), frame.jpeg);
      const next = frames[i + 1]?.at ?? seconds * 1000;
      list.push(`file '${file}'`, `duration ${((next - frame.at) / 1000).toFixed(3)}`);
    });
    // The last entry's duration is only honoured when a file follows it.
    list.push(`file '${String(frames.length - 1).padStart(5, '0')}.jpg'`);
    const listFile = path.join(dir, 'frames.txt');
    fs.writeFileSync(listFile, `${list.join('\n')}\n`);

    const input = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', listFile, '-t', seconds.toFixed(3), '-an'];
    await run('ffmpeg', [
      ...input, '-vf', FILTER,
      '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', '-g', String(CLIP_FPS * 10),
      `${base}.webm`,
    ]);
    await run('ffmpeg', [
      ...input, '-vf', FILTER,
      '-c:v', 'libx264', '-profile:v', 'baseline', '-level', '3.1', '-preset', 'slow', '-crf', '30', '-tune', 'stillimage', '-g', String(CLIP_FPS * 10),
      '-movflags', '+faststart',
      `${base}.mp4`,
    ]);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', (posterAt / 1000).toFixed(3), '-i', `${base}.mp4`, '-frames:v', '1', '-q:v', '6', `${base}.jpg`]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A file's length in seconds, as ffprobe reads it. */
export async function probeSeconds(file: string): Promise<number> {
  const out = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(out.trim());
}
