/* constraint_predicates.c: ISLa's structural predicates and ISLearn's
 * semantic ones, on derivation trees; shared by the evaluator and the
 * solver (which decides structural atoms on a fixed tree).
 *
 * ISLa defines the structural predicates on paths from the root; here they
 * use what a refreshed tree has: preorder ids and subtree sizes (a node's
 * subtree is ids [id, id + size)), parents and depths. Nodes of symbols the
 * grammar made by desugaring EBNF are invisible to direct_child (a node's
 * parent is its nearest ancestor of a grammar nonterminal, as in the BNF the
 * EBNF stands for); no other predicate can tell them apart. internet_checksum
 * and hex_to_decimal read hex bytes as ISLearn does (Python's
 * bytearray.fromhex, ISLearn's hex_to_int). */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "constraint_internal.h"

static bool is_before(const SdNode *a, const SdNode *b) {
  return !sd_node_is_ancestor(a, b) && !sd_node_is_ancestor(b, a) && a->id < b->id;
}

static const SdNode *visible_parent(const SdTree *t, const SdNode *n) {
  const SdNode *p = n->parent;
  while (p && t->grammar->symbols[p->symbol].generated) p = p->parent;
  return p;
}

/* consecutive(a, b): a before b and no leaf between them (ISLa: no leaf
 * lies after a and before b in document order). */
static bool consecutive(const SdTree *t, const SdNode *a, const SdNode *b) {
  if (!is_before(a, b)) return false;
  for (uint32_t id = a->id + a->size; id < b->id; id++)
    if (t->nodes[id]->child_count == 0) return false;
  return true;
}

/* nth(n, a, b): a lies in b (or is b) and is the n-th node of its symbol in
 * b's subtree, in preorder (counting from 1). */
static bool nth(const SdTree *t, const SdTerm *n, const SdNode *a, const SdNode *b) {
  if (!sd_node_is_ancestor(b, a) || n->op != SD_OP_INT || n->text[0] == '-' || n->length > 9)
    return false;
  long want = strtol(n->text, NULL, 10);
  uint32_t count, first = sd_tree_range(t, a->symbol, b, &count);
  for (uint32_t k = 0; k < count; k++)
    if (t->by_symbol[a->symbol][first + k] == a->id) return (long)k + 1 == want;
  return false;
}

/* Does some node of symbol s lie strictly between the ancestor at depth d
 * and x? (the ancestors of x by depth are in chain[0..x->depth]) */
static bool occurs_between(const SdNode *const *chain, uint32_t d, uint32_t depth, SdSymbol s) {
  for (uint32_t i = d + 1; i < depth; i++)
    if (chain[i]->symbol == s) return true;
  return false;
}

static const SdNode **ancestors(const SdNode *x) {
  const SdNode **chain = sd_xmalloc((x->depth + 1) * sizeof(SdNode *));
  for (const SdNode *y = x; y; y = y->parent) chain[y->depth] = y;
  return chain;
}

/* level(rel, "<T>", a, b), ISLa's level_check: for the root or some common
 * ancestor of a and b labelled <T>, the <T> nodes strictly between it and a
 * (and b) are none (EQ: for both; GE: for a; LE: for b) or, for GT and LT,
 * none for one and some for the other. */
static bool level(const SdTerm *t, const SdNode *a, const SdNode *b) {
  const SdNode **ca = ancestors(a), **cb = ancestors(b);
  uint32_t min = a->depth < b->depth ? a->depth : b->depth;
  bool holds = false;
  for (uint32_t d = 0; d <= min && !holds; d++) {
    if (ca[d] != cb[d]) break;
    if (d > 0 && ca[d]->symbol != t->symbol) continue;
    bool in_a = occurs_between(ca, d, a->depth, t->symbol);
    bool in_b = occurs_between(cb, d, b->depth, t->symbol);
    switch (t->text[0] == 'E' ? 0 : t->text[1] == 'E' ? (t->text[0] == 'G' ? 1 : 2)
                                                     : (t->text[0] == 'G' ? 3 : 4)) {
      case 0: holds = !in_a && !in_b; break;
      case 1: holds = !in_a; break;
      case 2: holds = !in_b; break;
      case 3: holds = !in_a && in_b; break;
      default: holds = !in_b && in_a; break;
    }
  }
  free(ca);
  free(cb);
  return holds;
}

bool sd_nodes_relate(SdOp op, const SdNode *a, const SdNode *b) {
  switch (op) {
    case SD_OP_INSIDE: return sd_node_is_ancestor(b, a); /* reflexive, as ISLa's in_tree */
    case SD_OP_BEFORE: return is_before(a, b);
    /* ISLa's is_after: not before, and a is not b or one of b's ancestors */
    case SD_OP_AFTER: return is_before(b, a) || (a != b && sd_node_is_ancestor(b, a));
    case SD_OP_SAME_POSITION: return a == b;
    case SD_OP_DIFFERENT_POSITION: return a != b;
    default: return false;
  }
}

bool sd_structural_holds(const SdTree *t, const SdTerm *atom, const SdNode *a, const SdNode *b) {
  switch (atom->op) {
    case SD_OP_DIRECT_CHILD: return visible_parent(t, a) == b;
    case SD_OP_CONSECUTIVE: return consecutive(t, a, b);
    case SD_OP_NTH: return nth(t, atom->args[0], a, b);
    case SD_OP_LEVEL: return level(atom, a, b);
    default: return sd_nodes_relate(atom->op, a, b);
  }
}

bool sd_is_structural_op(SdOp op) {
  switch (op) {
    case SD_OP_INSIDE: case SD_OP_BEFORE: case SD_OP_AFTER: case SD_OP_SAME_POSITION:
    case SD_OP_DIFFERENT_POSITION: case SD_OP_DIRECT_CHILD: case SD_OP_CONSECUTIVE:
    case SD_OP_NTH: case SD_OP_LEVEL:
      return true;
    default: return false;
  }
}

/* ---- hex bytes (ISLearn) ---- */

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Python's bytearray.fromhex: pairs of hex digits, white space between
 * pairs; false for anything else. */
typedef Array(uint8_t) Bytes;

static bool from_hex(const char *s, size_t n, Bytes *out) {
  for (size_t i = 0; i < n;) {
    if (is_space(s[i])) {
      i++;
      continue;
    }
    int hi = hex_digit(s[i]), lo = i + 1 < n ? hex_digit(s[i + 1]) : -1;
    if (hi < 0 || lo < 0) return false;
    array_push(out, (uint8_t)(hi * 16 + lo));
    i += 2;
  }
  return true;
}

static size_t without_spaces(const char *s, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++) k += !is_space(s[i]);
  return k;
}

/* RFC 1071 over 16-bit big-endian words (an odd byte is padded with 0) */
static uint32_t internet_sum(const uint8_t *b, size_t n) {
  uint32_t sum = 0;
  for (size_t i = 0; i < n; i += 2) {
    sum += ((uint32_t)b[i] << 8) + (i + 1 < n ? b[i + 1] : 0);
    sum = (sum & 0xffff) + (sum >> 16);
  }
  return sum ^ 0xffff;
}

bool sd_internet_checksum_digits(const SdTree *t, const SdNode *header, const SdNode *checksum,
                                 char out[5]) {
  if (!sd_node_is_ancestor(header, checksum)) return false;
  const char *ck = t->text + checksum->start;
  size_t ck_len = checksum->end - checksum->start, digits = without_spaces(ck, ck_len);
  SdBuf h = {0};
  sd_buf_append(&h, t->text + header->start, checksum->start - header->start);
  for (size_t i = 0; i < digits; i++) sd_buf_putc(&h, '0');
  if (ck_len && ck[ck_len - 1] == ' ') sd_buf_putc(&h, ' ');
  sd_buf_append(&h, t->text + checksum->end, header->end - checksum->end);
  Bytes bytes = {0};
  bool ok = from_hex(h.data ? h.data : "", h.len, &bytes);
  sd_buf_free(&h);
  if (!ok) {
    array_free(&bytes);
    return false;
  }
  uint32_t sum = internet_sum(bytes.items, bytes.size);
  array_free(&bytes);
  snprintf(out, 5, "%04X", sum & 0xffff);
  return true;
}

/* internet_checksum(header, checksum): the checksum's hex digits (white
 * space aside) are the RFC 1071 checksum of the header's bytes with the
 * checksum's digits zeroed, in upper case, of at least two bytes. */
int sd_internet_checksum(const SdTree *t, const SdNode *header, const SdNode *checksum) {
  if (!sd_node_is_ancestor(header, checksum)) return -1;
  const char *ck = t->text + checksum->start;
  size_t ck_len = checksum->end - checksum->start;
  if (without_spaces(ck, ck_len) % 2) return 0;
  char want[5];
  if (!sd_internet_checksum_digits(t, header, checksum, want)) return -1;
  SdBuf got = {0};
  for (size_t i = 0; i < ck_len; i++)
    if (!is_space(ck[i])) sd_buf_putc(&got, ck[i]);
  bool same = got.len == 4 && !memcmp(got.data, want, 4);
  sd_buf_free(&got);
  return same;
}

/* ISLearn's hex_to_int: an odd number of digits gets a leading 0 when the
 * text has no white space; then bytearray.fromhex, big-endian. */
bool sd_hex_value(SdArena *s, const char *text, size_t n, SdInt *out) {
  size_t digits = without_spaces(text, n);
  SdBuf b = {0};
  if (digits % 2 && n < digits + 1) sd_buf_putc(&b, '0');
  sd_buf_append(&b, text, n);
  Bytes bytes = {0};
  bool ok = from_hex(b.data ? b.data : "", b.len, &bytes);
  sd_buf_free(&b);
  *out = sd_int_small(0);
  for (uint32_t i = 0; ok && i < bytes.size; i++)
    *out = sd_int_add(s, sd_int_mul(s, *out, sd_int_small(256)), sd_int_small(bytes.items[i]));
  array_free(&bytes);
  return ok;
}

/* Python's int() of a text: white space around, a sign, digits with single
 * underscores between them. */
bool sd_python_int(SdArena *s, const char *text, size_t n, SdInt *out) {
  size_t i = 0, j = n;
  while (i < j && is_space(text[i])) i++;
  while (j > i && is_space(text[j - 1])) j--;
  SdBuf b = {0};
  if (i < j && (text[i] == '-' || text[i] == '+')) sd_buf_putc(&b, text[i++]);
  bool ok = i < j;
  for (size_t k = i; k < j && ok; k++) {
    if (text[k] >= '0' && text[k] <= '9') sd_buf_putc(&b, text[k]);
    else ok = text[k] == '_' && k > i && k + 1 < j && text[k - 1] != '_' && text[k + 1] != '_';
  }
  ok = ok && sd_int_parse(s, b.data, b.len, out);
  sd_buf_free(&b);
  return ok;
}
