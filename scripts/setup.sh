#!/usr/bin/env bash
# Installs the system packages Skald uses, when missing, from Debian: ffmpeg/ffprobe,
# heif-convert and pdftoppm (the media pipeline), Tesseract and pocketsphinx (analysis), the DejaVu font (the demo's captions) and,
# unless called with `media` (by the start command), Chromium for the browser tests.
# Safe to run again; does nothing when all is present.
set -euo pipefail

need=()
command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
# libheif's tools decode HEIC pictures (sharp's prebuilt libvips reads AVIF only).
command -v heif-convert >/dev/null 2>&1 || need+=(libheif-examples)
# poppler draws a PDF's first page as its thumbnail.
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
# Analysis (issue 14, docs/ANALYSIS.md): Tesseract with Norwegian, French and English for text in
# frames; pocketsphinx with its US English model as the embedded speech-to-text engine, and its
# test recordings, which the tests transcribe.
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
for lang in nor fra eng; do
  [ -f "/usr/share/tesseract-ocr/5/tessdata/$lang.traineddata" ] || need+=("tesseract-ocr-$lang")
done
command -v pocketsphinx_continuous >/dev/null 2>&1 || need+=(pocketsphinx)
[ -d /usr/share/pocketsphinx/model/en-us/en-us ] || need+=(pocketsphinx-en-us)
[ -d /usr/share/pocketsphinx/test/data/librivox ] || need+=(pocketsphinx-testdata)
# whisper.cpp's prebuilt addon (the whisper speech provider) links OpenMP's runtime.
compgen -G '/usr/lib/*/libgomp.so.1' >/dev/null || need+=(libgomp1)
# Apertium translates transcripts between Bokmål and Nynorsk offline, both ways (apertium-nno-nob).
command -v apertium >/dev/null 2>&1 || need+=(apertium)
[ -f /usr/share/apertium/modes/nob-nno.mode ] || need+=(apertium-nno-nob)
# The demo library's clips carry captions drawn in DejaVu Sans (apps/server/src/seed/demo-media.ts).
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || need+=(fonts-dejavu-core)
if [ "${1:-}" != "media" ]; then
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
fi

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

as_root=()
[ "$(id -u)" = "0" ] || as_root=(sudo -n)
if command -v apt-get >/dev/null 2>&1 && { [ ${#as_root[@]} -eq 0 ] || sudo -n true 2>/dev/null; }; then
  echo "setup: installing ${need[*]} from Debian's packages"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "setup: missing ${need[*]}. Install them with your package manager (Debian: sudo apt-get install ${need[*]})." >&2
  exit 1
fi
