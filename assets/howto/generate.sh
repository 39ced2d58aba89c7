#!/usr/bin/env bash
# Makes the five how-to clips of SPEC section 2 (/howto) with ffmpeg (Debian: apt-get install ffmpeg):
# 4 s of coloured frames with the topic, a moving coin and a progress bar, as WebM (VP9) and
# MP4 (H.264) so every phone browser plays one. Captions are English: ffmpeg's drawtext does not
# shape Thai or Lao marks; the page shows the translated title above the clip.
# Usage: bash assets/howto/generate.sh   (writes next to this script)
set -euo pipefail
cd "$(dirname "$0")"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
# name | caption | background | accent
TOPICS=(
  "wallet|Your wallet|0x2a0f5c|0xf5c451"
  "enter-game|Enter a game|0x12325c|0x6fd3ff"
  "check-balance|Check your balance|0x0f4a3c|0x3ddc97"
  "receive-bonus|Receive a bonus|0x5c1240|0xff8ac4"
  "end-bonus|End a bonus|0x4a2a0f|0xffb347"
)
n=0
for topic in "${TOPICS[@]}"; do
  IFS='|' read -r name caption bg accent <<<"$topic"
  n=$((n + 1))
  filters="drawbox=x=0:y=318:w=640:h=10:color=white@0.15:t=fill,\
drawbox=x=0:y=318:w='t/4*640':h=10:color=${accent}:t=fill,\
drawtext=fontfile=${FONT}:text='${n} / 5':fontsize=26:fontcolor=white@0.7:x=24:y=22,\
drawtext=fontfile=${FONT}:text='${caption}':fontsize=50:fontcolor=${accent}:x=(w-text_w)/2:y=120,\
drawtext=fontfile=${FONT}:text='●':fontsize=64:fontcolor=${accent}:x=40+(w-140)*t/4:y=200"
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=${bg}:s=640x360:d=4:r=24" -vf "$filters" \
    -c:v libvpx-vp9 -b:v 120k -pix_fmt yuv420p -an "${name}.webm"
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=${bg}:s=640x360:d=4:r=24" -vf "$filters" \
    -c:v libx264 -profile:v baseline -crf 30 -pix_fmt yuv420p -movflags +faststart -an "${name}.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 3 -i "${name}.mp4" -frames:v 1 -vf scale=320:180 "${name}.jpg"
done
ls -l ./*.webm ./*.mp4 ./*.jpg
