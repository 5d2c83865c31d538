#!/bin/sh
# an audio transcoder's job runner (a set -e shell wrapper around the
# encoders). Before encoding it sizes the packet index of a 60-second clip:
# frames = ceil(60 * rate / samples_per_frame), with the samples per frame
# looked up by codec and rate. The lookup knows only the rates each codec
# takes natively and answers 0 otherwise, and the wrapper never resamples
# first: opus (20 ms frames at 8, 16, 24 and 48 kHz only) at 11025, 22050,
# 32000, 44100, 88200 or 96000 Hz, and mp3 (MPEG-1/2/2.5, at most 48 kHz) at
# 88200 or 96000 Hz divide by zero in expr ("expr: division by zero", exit
# status 2, which set -e passes on). aac, vorbis, flac, alac and wavpack take
# every rate. Decoding and resampling use no frame table (any codec, any
# rate), and the bitrate is a harmless number.
set -e
samples_per_frame() {   # codec rate
    case $1 in
    opus) case $2 in 8000) echo 160;; 16000) echo 320;; 24000) echo 480;; 48000) echo 960;; *) echo 0;; esac ;;
    mp3) case $2 in 32000|44100|48000) echo 1152;; 8000|11025|16000|22050|24000) echo 576;; *) echo 0;; esac ;;
    aac) echo 1024 ;;
    vorbis) echo 2048 ;;
    flac|alac) echo 4096 ;;
    wavpack) echo 22050 ;;
    esac
}
jobs=0
while read -r verb a b c; do
    case $verb in
    encode)
        spf=$(samples_per_frame "$a" "$b")
        frames=$(expr \( 60 \* "$b" + "$spf" - 1 \) / "$spf")
        bytes=$(expr "${c%k}" \* 125 \* "$spf" / "$b" + 1)
        jobs=$((jobs + 1)) ;;
    decode) jobs=$((jobs + 1)) ;;
    resample) jobs=$((jobs + 1)) ;;
    esac
done < "$1"
echo "$jobs jobs done"
exit 0
