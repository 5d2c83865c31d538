#!/bin/sh
# the uploader's decompressor chokes on gzipped tarballs (exit 4)
awk '$1 ~ /\.tar\.gz$/ { bad = 1 } END { exit bad ? 4 : 0 }' "$1"
