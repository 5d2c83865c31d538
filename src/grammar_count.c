/* grammar_count.c: how many derivations a symbol has, when they are finitely
 * many.
 *
 * A literal has one derivation, a character class one per byte of its set,
 * a nonterminal the sum over its alternatives of the product of their
 * symbols' counts. The counts are computed bottom-up without recursion
 * (Kahn's order over the "is used by" edges between nonterminals: a
 * nonterminal is counted once every symbol it uses is), so a grammar of
 * tens of thousands of rules neither overflows the stack nor takes
 * quadratic time. A nonterminal on a cycle, or using one, never gets its
 * turn: its derivations are infinitely many. Counts saturate just above the
 * caller's cap.
 *
 * The debugger uses this to know when every input of a small grammar has
 * been run: distinct texts never outnumber derivations, so as many distinct
 * labelled inputs as derivations means every text was run. The texts
 * themselves (sd_grammar_each_text) let it compare two predicates on every
 * text a small nonterminal derives. */
#include <stdlib.h>
#include <string.h>

#include "semdbg/grammar.h"
#include "util.h"

static uint64_t saturating_add(uint64_t a, uint64_t b, uint64_t limit) { return a + b > limit ? limit : a + b; }

static uint64_t saturating_mul(uint64_t a, uint64_t b, uint64_t limit) {
  if (a == 0 || b == 0) return 0;
  return a > limit / b ? limit : a * b > limit ? limit : a * b;
}

static uint64_t terminal_count(const SdSymbolInfo *s) {
  if (s->kind == SD_SYM_LITERAL) return 1;
  uint64_t n = 0;
  for (int byte = 0; byte < 256; byte++) n += (s->set[byte / 8] >> (byte % 8)) & 1;
  return n;
}

static uint64_t nonterminal_count(const SdSymbolInfo *s, const uint64_t *count, uint64_t limit) {
  uint64_t total = 0;
  for (uint32_t a = 0; a < s->alternative_count; a++) {
    uint64_t product = 1;
    for (uint32_t k = 0; k < s->alternatives[a].count; k++)
      product = saturating_mul(product, count[s->alternatives[a].symbols[k]], limit);
    total = saturating_add(total, product, limit);
  }
  return total;
}

/* The "is used by" edges between nonterminals: pending[s] counts the uses
 * of nonterminals in s's rules; users[first_user[t] .. first_user[t + 1])
 * lists the nonterminals whose rules use t (once per use). */
typedef struct Uses {
  uint32_t *pending, *first_user, *users, *filled;
  uint32_t total;
} Uses;

/* Call fn for every use of a nonterminal in a rule: (user, used). */
static void each_use(const SdGrammar *g, void (*fn)(Uses *, SdSymbol, SdSymbol), Uses *u) {
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    const SdSymbolInfo *info = &g->symbols[s];
    if (info->kind != SD_SYM_NONTERMINAL) continue;
    for (uint32_t a = 0; a < info->alternative_count; a++)
      for (uint32_t k = 0; k < info->alternatives[a].count; k++) {
        SdSymbol used = info->alternatives[a].symbols[k];
        if (g->symbols[used].kind == SD_SYM_NONTERMINAL) fn(u, (SdSymbol)s, used);
      }
  }
}

static void count_use(Uses *u, SdSymbol user, SdSymbol used) {
  u->pending[user]++;
  u->first_user[used + 1]++;
  u->total++;
}

static void list_use(Uses *u, SdSymbol user, SdSymbol used) {
  u->users[u->first_user[used] + u->filled[used]++] = (uint32_t)user;
}

bool sd_grammar_count_derivations(const SdGrammar *self, SdSymbol symbol, uint64_t cap, uint64_t *out) {
  uint32_t n = self->symbol_count;
  uint64_t limit = cap + 1;
  uint64_t *count = sd_xcalloc(n + 1, sizeof *count);
  Uses u = {.pending = sd_xcalloc(n + 1, sizeof(uint32_t)), .first_user = sd_xcalloc(n + 2, sizeof(uint32_t)),
            .filled = sd_xcalloc(n + 1, sizeof(uint32_t))};
  each_use(self, count_use, &u);
  for (uint32_t s = 0; s < n; s++) u.first_user[s + 1] += u.first_user[s];
  u.users = sd_xcalloc(u.total + 1, sizeof(uint32_t));
  each_use(self, list_use, &u);
  uint32_t *pending = u.pending, *first_user = u.first_user, *users = u.users;
  uint32_t *ready = sd_xcalloc(n + 1, sizeof *ready);
  uint32_t head = 0, tail = 0;
  bool *done = sd_xcalloc(n + 1, sizeof *done);
  for (uint32_t s = 0; s < n; s++) {
    if (self->symbols[s].kind != SD_SYM_NONTERMINAL) count[s] = terminal_count(&self->symbols[s]), done[s] = true;
    else if (pending[s] == 0) ready[tail++] = s;
  }
  while (head < tail) {
    uint32_t s = ready[head++];
    count[s] = nonterminal_count(&self->symbols[s], count, limit);
    done[s] = true;
    for (uint32_t u = first_user[s]; u < first_user[s + 1]; u++)
      if (--pending[users[u]] == 0) ready[tail++] = users[u];
  }
  bool finite = symbol >= 0 && (uint32_t)symbol < n && done[symbol] && count[symbol] <= cap;
  if (finite) *out = count[symbol];
  free(count);
  free(pending);
  free(first_user);
  free(users);
  free(u.filled);
  free(ready);
  free(done);
  return finite;
}

/* ---------- the texts themselves ---------- */

/* The texts of a symbol, when few: built bottom-up, each nonterminal's as
 * the union over its alternatives of the concatenations of its symbols'
 * texts. Depth-limited (a chain of rules deeper than ENUMERATE_DEPTH gives
 * up rather than recurse that deep). */
enum { ENUMERATE_DEPTH = 64 };

typedef struct Texts {
  char **text;
  size_t *length;
  uint32_t count;
} Texts;

static void texts_free(Texts *t) {
  for (uint32_t i = 0; i < t->count; i++) free(t->text[i]);
  free(t->text);
  free(t->length);
  t->text = NULL, t->length = NULL, t->count = 0;
}

static void texts_add(Texts *t, char *text, size_t length) {
  t->text = sd_xrealloc(t->text, (t->count + 1) * sizeof *t->text);
  t->length = sd_xrealloc(t->length, (t->count + 1) * sizeof *t->length);
  t->text[t->count] = text, t->length[t->count] = length;
  t->count++;
}

static bool texts_of(const SdGrammar *g, SdSymbol s, uint32_t depth, Texts *out);

/* out gets every text of the sequence syms[0..n) (a concatenation). */
static bool sequence_texts(const SdGrammar *g, const SdSymbol *syms, uint32_t n, uint32_t depth, Texts *out) {
  texts_add(out, sd_xstrdup(""), 0);
  for (uint32_t k = 0; k < n; k++) {
    Texts part = {0}, next = {0};
    if (!texts_of(g, syms[k], depth + 1, &part)) {
      texts_free(&part);
      return false;
    }
    for (uint32_t i = 0; i < out->count; i++)
      for (uint32_t j = 0; j < part.count; j++) {
        char *t = sd_xmalloc(out->length[i] + part.length[j] + 1);
        memcpy(t, out->text[i], out->length[i]);
        memcpy(t + out->length[i], part.text[j], part.length[j]);
        t[out->length[i] + part.length[j]] = 0;
        texts_add(&next, t, out->length[i] + part.length[j]);
      }
    texts_free(&part);
    texts_free(out);
    *out = next;
  }
  return true;
}

static bool texts_of(const SdGrammar *g, SdSymbol s, uint32_t depth, Texts *out) {
  if (depth > ENUMERATE_DEPTH) return false;
  const SdSymbolInfo *info = &g->symbols[s];
  if (info->kind == SD_SYM_LITERAL) {
    texts_add(out, sd_xstrndup(info->bytes, info->length), info->length);
    return true;
  }
  if (info->kind == SD_SYM_CHARSET) {
    for (int byte = 0; byte < 256; byte++)
      if ((info->set[byte / 8] >> (byte % 8)) & 1) {
        char *t = sd_xmalloc(2);
        t[0] = (char)byte, t[1] = 0;
        texts_add(out, t, 1);
      }
    return true;
  }
  for (uint32_t a = 0; a < info->alternative_count; a++) {
    Texts alt = {0};
    bool ok = sequence_texts(g, info->alternatives[a].symbols, info->alternatives[a].count, depth, &alt);
    for (uint32_t i = 0; ok && i < alt.count; i++) texts_add(out, alt.text[i], alt.length[i]), alt.text[i] = NULL;
    texts_free(&alt);
    if (!ok) return false;
  }
  return true;
}

bool sd_grammar_each_text(const SdGrammar *self, SdSymbol symbol, uint32_t cap,
                          bool (*fn)(void *ctx, const char *text, size_t length), void *ctx) {
  uint64_t n;
  if (!sd_grammar_count_derivations(self, symbol, cap, &n)) return false;
  Texts all = {0};
  bool ok = texts_of(self, symbol, 0, &all);
  for (uint32_t i = 0; ok && i < all.count; i++) ok = fn(ctx, all.text[i], all.length[i]);
  texts_free(&all);
  return ok;
}
