/* semdbg/export.h: SD_API marks the functions and data of libsemdbg's public
 * interface. The library is compiled with -fvisibility=hidden, so only what
 * the public headers (include/semdbg/) declare with SD_API is exported from
 * libsemdbg.so; the engine's internal helpers (src/ headers) stay hidden. For a
 * program that uses the library, SD_API changes nothing. */
#ifndef SEMDBG_EXPORT_H
#define SEMDBG_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define SD_API __attribute__((visibility("default")))
#else
#define SD_API
#endif

#endif
