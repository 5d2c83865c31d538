/* orders.c: prints the receipt of an order (grammars/orders.bnf: item lines
 * "item NAME xQTY @PRICE", an optional coupon or note). The subject of
 * `semdbg triage`: three bugs that fail in three ways, one of them with two
 * causes:
 *  - reserving picking slots asserts that every item has a positive
 *    quantity, and an item of quantity 0 is not skipped (SIGABRT);
 *  - labels are looked up in a table of 16-byte slots that has no entry for
 *    a name longer than 15 letters, and the missing entry is dereferenced
 *    (SIGSEGV);
 *  - the receipt is wrong (exit 1 with --check) when a price is above 90000
 *    (the display clamps prices to the 90000 meant for quantities of money
 *    orders) or when a coupon is given (the buggy receipt forgets it).
 * Built with -DBUG4 (orders-bug4) it has a fourth: it takes an empty note
 * for an error and exits 3.
 * The crashes come first (all quantities, then all names), so each input
 * fails in one way whatever the order of its lines.
 *
 * Usage: orders [--fixed | --check] FILE. Plain: the buggy receipt;
 * --fixed: the correct one; --check: exit 1 when they differ (the harness).
 * With ORDERS_TRACE set in the environment, each bug that decides the
 * outcome says so on stderr ("orders: bug: price"), for the tests.
 * Exit status: 0 receipt printed (or same receipts); 1 receipts differ;
 * 3 an empty note (BUG4); 125 input outside the language; 127 the input
 * cannot be read; SIGABRT and SIGSEGV on the crashes. */
#undef NDEBUG /* the assertion is bug 1's symptom: keep it in release builds */
#define _GNU_SOURCE /* open_memstream, strndup */
#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/read_file.h"

enum { MAX_LINES = 64, PICK_SLOTS = 900, LABEL_SIZE = 16, PRICE_CLAMP = 90000 };

typedef struct Line {
  char kind;        /* 'i' item, 'c' coupon, 'n' note */
  const char *name; /* item name, coupon code or note text (not NUL-terminated) */
  size_t name_len;
  long qty, price;
} Line;

typedef struct Order {
  Line lines[MAX_LINES];
  int count;
} Order;

static void trace(const char *bug) {
  if (getenv("ORDERS_TRACE")) fprintf(stderr, "orders: bug: %s\n", bug);
}

/* ---------- parsing (exactly the grammar's language) ---------- */

static bool in(char c, char lo, char hi) { return c >= lo && c <= hi; }

/* "0" | [1-9] [0-9]{0,max_digits-1} */
static bool number(const char **p, const char *end, int max_digits, long *out) {
  const char *s = *p;
  long v = 0;
  while (*p < end && in(**p, '0', '9')) v = v * 10 + (*(*p)++ - '0');
  long n = *p - s;
  if (n == 0 || n > max_digits || (*s == '0' && n > 1)) return false;
  *out = v;
  return true;
}

static bool word(const char **p, const char *end, const char *w) {
  size_t n = strlen(w);
  if ((size_t)(end - *p) < n || memcmp(*p, w, n)) return false;
  *p += n;
  return true;
}

/* Characters of [lo1-hi1] (or [lo2-hi2], or c3) from *p; how many. */
static size_t span(const char **p, const char *end, char lo1, char hi1, char lo2, char hi2, char c3) {
  const char *s = *p;
  while (*p < end && (in(**p, lo1, hi1) || in(**p, lo2, hi2) || (c3 && **p == c3))) (*p)++;
  return (size_t)(*p - s);
}

static bool item(const char **p, const char *end, Line *l) {
  l->kind = 'i';
  l->name = *p;
  l->name_len = span(p, end, 'a', 'z', 'a', 'z', 0);
  return l->name_len > 0 && word(p, end, " x") && number(p, end, 3, &l->qty) && word(p, end, " @") &&
         number(p, end, 5, &l->price) && word(p, end, "\n");
}

static bool coupon(const char **p, const char *end, Line *l) {
  l->kind = 'c';
  l->name = *p;
  if (*p >= end || !in(**p, 'A', 'Z')) return false;
  l->name_len = span(p, end, 'A', 'Z', '0', '9', 0);
  return word(p, end, "\n");
}

static bool note(const char **p, const char *end, Line *l) {
  l->kind = 'n';
  l->name = *p;
  l->name_len = span(p, end, 'a', 'z', 'a', 'z', ' ');
  return word(p, end, "\n");
}

/* <start> ::= <item> <rest>; <rest> ::= "" | <item> | <note> | <item> <note> | <coupon> */
static bool parse(const char *text, size_t n, Order *o) {
  const char *p = text, *end = text + n;
  o->count = 0;
  if (!word(&p, end, "item ") || !item(&p, end, &o->lines[o->count++])) return false;
  if (p == end) return true;
  Line *l = &o->lines[o->count++];
  if (word(&p, end, "coupon ")) return coupon(&p, end, l) && p == end;
  if (word(&p, end, "note ")) return note(&p, end, l) && p == end;
  if (!word(&p, end, "item ") || !item(&p, end, l)) return false;
  if (p == end) return true;
  l = &o->lines[o->count++];
  return word(&p, end, "note ") && note(&p, end, l) && p == end;
}

/* ---------- the program ---------- */

static int pick_table[PICK_SLOTS + 1];

/* Reserve the picking slots of every item first. */
static void reserve(const Order *o) {
  for (int i = 0; i < o->count; i++) {
    const Line *l = &o->lines[i];
    if (l->kind != 'i') continue;
    if (l->qty == 0) trace("qty");
    assert(l->qty > 0); /* bug 1: an empty item is not skipped */
    pick_table[l->qty]++;
  }
}

/* The label slot of a name: none for a name that does not fit. */
static char labels[MAX_LINES][LABEL_SIZE];
static char *label_of(const Line *l, int i) {
  if (l->name_len >= LABEL_SIZE) return NULL;
  memcpy(labels[i], l->name, l->name_len);
  labels[i][l->name_len] = '\0';
  return labels[i];
}

/* Then look every item's label up. */
static void label(const Order *o, char **names) {
  for (int i = 0; i < o->count; i++) {
    if (o->lines[i].kind != 'i') continue;
    volatile char *name = label_of(&o->lines[i], i);
    if (!name) trace("name");
    names[i] = (char *)name;
    (void)name[0]; /* bug 2: the missing label is dereferenced */
  }
}

/* The receipt: buggy (both bugs), fixed (neither) or with one of the two. */
static void receipt(const Order *o, char **names, bool price_bug, bool coupon_bug, FILE *out) {
  long units = 0;
  for (int i = 0; i < o->count; i++) {
    const Line *l = &o->lines[i];
    if (l->kind == 'i') {
      long shown = price_bug && l->price > PRICE_CLAMP ? PRICE_CLAMP : l->price; /* bug 3a */
      fprintf(out, "%-15s %3ld x %6ld\n", names[i], l->qty, shown);
      units += l->qty;
    } else if (l->kind == 'c' && !coupon_bug) { /* bug 3b: the coupon is forgotten */
      fprintf(out, "coupon %.*s: 10%% off\n", (int)l->name_len, l->name);
    } else if (l->kind == 'n') {
      fprintf(out, "note: %.*s\n", (int)l->name_len, l->name);
    }
  }
  fprintf(out, "%ld units\n", units);
}

static char *receipt_text(const Order *o, char **names, bool price_bug, bool coupon_bug) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) exit(127);
  receipt(o, names, price_bug, coupon_bug, f);
  fclose(f);
  return buf;
}

/* Does the receipt with these bugs differ from the fixed one? */
static bool differs(const Order *o, char **names, bool price_bug, bool coupon_bug) {
  char *got = receipt_text(o, names, price_bug, coupon_bug), *want = receipt_text(o, names, false, false);
  bool d = strcmp(got, want) != 0;
  free(got);
  free(want);
  return d;
}

int main(int argc, char **argv) {
  bool fixed = argc == 3 && !strcmp(argv[1], "--fixed"), check = argc == 3 && !strcmp(argv[1], "--check");
  if (argc != 2 && !fixed && !check) {
    fprintf(stderr, "usage: orders [--fixed | --check] ORDER-FILE\n");
    return 127;
  }
  size_t n;
  char *text = read_file(argv[argc - 1], &n);
  if (!text) {
    fprintf(stderr, "orders: %s: %s\n", argv[argc - 1], strerror(errno));
    return 127;
  }
  Order o;
  if (!parse(text, n, &o)) {
    fprintf(stderr, "orders: not an order (see grammars/orders.bnf)\n");
    return 125;
  }
  char *names[MAX_LINES] = {0};
  if (!fixed) {
    reserve(&o);
    label(&o, names);
  } else {
    for (int i = 0; i < o.count; i++)
      names[i] = o.lines[i].kind == 'i' ? strndup(o.lines[i].name, o.lines[i].name_len) : NULL;
  }
#ifdef BUG4
  for (int i = 0; i < o.count && !fixed; i++)
    if (o.lines[i].kind == 'n' && o.lines[i].name_len == 0) {
      trace("note");
      fprintf(stderr, "orders: the receipt has no room for an empty note\n");
      return 3; /* bug 4: an empty note is valid */
    }
#endif
  if (!check) {
    receipt(&o, names, !fixed, !fixed, stdout);
    return 0;
  }
  bool price = differs(&o, names, true, false), coupon = differs(&o, names, false, true);
  if (price) trace("price");
  if (coupon) trace("coupon");
  if (!price && !coupon) {
    receipt(&o, names, true, true, stdout);
    return 0;
  }
  fprintf(stderr, "orders: wrong receipt:\n");
  receipt(&o, names, true, true, stderr);
  fprintf(stderr, "expected:\n");
  receipt(&o, names, false, false, stderr);
  return 1;
}
