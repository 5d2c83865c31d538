/* constraint_print.c: printing constraints as text.
 *
 * Canonical ISLa: every quantifier explicit with its variable, its match
 * expression (`="{<var> lhs} := <rhs>"`) and `in ...`; a variable an XPath
 * step binds is written as the XPath expression (`a.<rhs>.<var>`),
 * every term an S-expression `(> (str.to.int n) (str.len p))`, connectives
 * parenthesised whenever a child binds no tighter than its parent (ISLa's
 * precedence, as in constraint_parse.c), a quantifier body parenthesised
 * unless it is unary. ISLa's parser and ours read it back to the same tree.
 *
 * Short form, for people: infix comparisons and arithmetic, prefix calls
 * `str.len(p)`, no `in start`, a universal quantifier over the whole input
 * written as the free nonterminal `<T>`, and a binder without a name (one
 * the parser made up) written as `exists <T>:` with `<T>` in its body. An
 * existential quantifier is always written out, since a free `<T>` means
 * "for all" (but see single_node_exists_to_forall). Whether a shorthand reads back as the same formula depends on
 * where ISLa's rule would put the implied quantifier, so the printer checks
 * its output by parsing it again and comparing; where a shorthand would
 * change the meaning it writes that quantifier out instead. An existential
 * quantifier over a nonterminal that occurs exactly once in every input is
 * written as a free nonterminal too, since there it means the same. */
#include <stdlib.h>
#include <string.h>

#include "constraint_internal.h"

const char *sd_op_name(SdOp op) {
  switch (op) {
    case SD_OP_EQ: return "=";
    case SD_OP_LT: return "<";
    case SD_OP_LE: return "<=";
    case SD_OP_GT: return ">";
    case SD_OP_GE: return ">=";
    case SD_OP_ADD: return "+";
    case SD_OP_SUB: return "-";
    case SD_OP_MUL: return "*";
    case SD_OP_DIV: return "div";
    case SD_OP_MOD: return "mod";
    case SD_OP_NEG: return "-";
    case SD_OP_STR_LEN: return "str.len";
    case SD_OP_STR_TO_INT: return "str.to.int";
    case SD_OP_ARITH_VALUE: return "arith.value";
    case SD_OP_STR_TO_REAL: return "str.to.real";
    case SD_OP_STR_TO_CODE: return "str.to_code";
    case SD_OP_STR_FROM_CODE: return "str.from_code";
    case SD_OP_STR_AT: return "str.at";
    case SD_OP_STR_SUBSTR: return "str.substr";
    case SD_OP_STR_CONCAT: return "str.++";
    case SD_OP_STR_PREFIXOF: return "str.prefixof";
    case SD_OP_STR_SUFFIXOF: return "str.suffixof";
    case SD_OP_STR_CONTAINS: return "str.contains";
    case SD_OP_STR_IN_RE: return "str.in_re";
    case SD_OP_RE_CONCAT: return "re.++";
    case SD_OP_RE_UNION: return "re.union";
    case SD_OP_RE_STAR: return "re.*";
    case SD_OP_RE_PLUS: return "re.+";
    case SD_OP_RE_OPT: return "re.opt";
    case SD_OP_RE_RANGE: return "re.range";
    case SD_OP_STR_TO_RE: return "str.to_re";
    case SD_OP_RE_COMP: return "re.comp";
    case SD_OP_RE_LOOP: return "re.loop";
    case SD_OP_RE_ALLCHAR: return "re.allchar";
    case SD_OP_RE_ALL: return "re.all";
    case SD_OP_RE_NONE: return "re.none";
    case SD_OP_INSIDE: return "inside";
    case SD_OP_BEFORE: return "before";
    case SD_OP_AFTER: return "after";
    case SD_OP_COUNT: return "count";
    case SD_OP_SAME_POSITION: return "same_position";
    case SD_OP_DIFFERENT_POSITION: return "different_position";
    case SD_OP_DIRECT_CHILD: return "direct_child";
    case SD_OP_CONSECUTIVE: return "consecutive";
    case SD_OP_NTH: return "nth";
    case SD_OP_LEVEL: return "level";
    case SD_OP_INTERNET_CHECKSUM: return "internet_checksum";
    case SD_OP_HEX_TO_DECIMAL: return "hex_to_decimal";
    case SD_OP_STR_REPLACE: return "str.replace";
    case SD_OP_STR_REPLACE_ALL: return "str.replace_all";
    case SD_OP_STR_INDEXOF: return "str.indexof";
    case SD_OP_STR_FROM_INT: return "str.from_int";
    case SD_OP_STR_IS_DIGIT: return "str.is_digit";
    case SD_OP_STR_LT: return "str.<";
    case SD_OP_STR_LE: return "str.<=";
    case SD_OP_ABS: return "abs";
    case SD_OP_RE_INTER: return "re.inter";
    case SD_OP_RE_DIFF: return "re.diff";
    case SD_OP_VAR: return "var";
    case SD_OP_STRING: return "string";
    case SD_OP_INT: return "int";
    case SD_OP_DECIMAL: return "decimal";
    case SD_OP_BOOL: return "bool";
  }
  return "?";
}

typedef struct Pr {
  const SdConstraint *c;
  SdBuf b;
  bool isla;         /* canonical ISLa, else the short form */
  const bool *as_nt; /* short form: variables written as <T> */
  bool sets;         /* short form: an or of equalities of one variable with strings
                        is written `X in {"a", "b"}` (not ISLa: only the final text) */
  const SdMatchPath **path_of; /* per variable: the XPath steps binding it, or NULL */
} Pr;

static void find_paths(const SdFormula *f, const SdMatchPath **path_of) {
  for (uint32_t i = 0; f->match && i < f->match->path_count; i++)
    path_of[f->match->paths[i].var] = &f->match->paths[i];
  for (uint32_t i = 0; i < f->child_count; i++) find_paths(f->children[i], path_of);
}

static void print_root(Pr *p, const SdFormula *root);

static void var_ref(Pr *p, int32_t v) {
  const SdVariable *var = &p->c->variables[v];
  const SdMatchPath *path = p->path_of ? p->path_of[v] : NULL;
  if (path) { /* an XPath expression: base.<T>.<U>[2] */
    var_ref(p, path->from);
    for (uint32_t k = 0; k < path->step_count; k++) {
      sd_buf_printf(&p->b, ".%s", p->c->grammar->symbols[path->symbols[k]].name);
      if (path->indices[k]) sd_buf_printf(&p->b, "[%u]", path->indices[k] + 1);
    }
    return;
  }
  if (var->symbol == -1) sd_buf_puts(&p->b, "start");
  else if (!p->isla && p->as_nt[v]) sd_buf_puts(&p->b, p->c->grammar->symbols[var->symbol].name);
  else sd_buf_puts(&p->b, var->name);
}

static bool is_pred(SdOp op) {
  switch (op) {
    case SD_OP_INSIDE: case SD_OP_BEFORE: case SD_OP_AFTER: case SD_OP_COUNT:
    case SD_OP_SAME_POSITION: case SD_OP_DIFFERENT_POSITION: case SD_OP_DIRECT_CHILD:
    case SD_OP_CONSECUTIVE: case SD_OP_NTH: case SD_OP_LEVEL: case SD_OP_INTERNET_CHECKSUM:
    case SD_OP_HEX_TO_DECIMAL:
      return true;
    default: return false;
  }
}
static bool is_cmp(SdOp op) {
  return op == SD_OP_EQ || op == SD_OP_LT || op == SD_OP_LE || op == SD_OP_GT || op == SD_OP_GE;
}
static bool is_arith(SdOp op) {
  return op == SD_OP_ADD || op == SD_OP_SUB || op == SD_OP_MUL || op == SD_OP_DIV ||
         op == SD_OP_MOD;
}

static void term(Pr *p, const SdTerm *t);

/* short form: an operand of an infix operator (comparisons bind weakest) */
static void operand(Pr *p, const SdTerm *t, bool of_comparison) {
  bool paren = is_cmp(t->op) || (is_arith(t->op) && !of_comparison);
  if (paren) sd_buf_putc(&p->b, '(');
  term(p, t);
  if (paren) sd_buf_putc(&p->b, ')');
}

static void predicate(Pr *p, const SdTerm *t) {
  sd_buf_printf(&p->b, "%s(", sd_op_name(t->op));
  if (t->op == SD_OP_LEVEL) {
    const char *nt = p->c->grammar->symbols[t->symbol].name;
    sd_buf_printf(&p->b, "\"%.2s\", ", t->text);
    sd_buf_append_quoted(&p->b, nt, strlen(nt));
    sd_buf_puts(&p->b, ", ");
  }
  term(p, t->args[0]);
  sd_buf_puts(&p->b, ", ");
  if (t->op == SD_OP_NTH) {
    term(p, t->args[1]);
    sd_buf_puts(&p->b, ", ");
    term(p, t->args[2]);
  } else if (t->op != SD_OP_COUNT) {
    term(p, t->args[1]);
  } else {
    const char *nt = p->c->grammar->symbols[t->symbol].name;
    sd_buf_append_quoted(&p->b, nt, strlen(nt));
    sd_buf_puts(&p->b, ", ");
    const SdTerm *n = t->args[1];
    if (n->op == SD_OP_INT && p->isla) sd_buf_append_quoted(&p->b, n->text, n->length);
    else if (n->op == SD_OP_STR_TO_INT && n->args[0]->op == SD_OP_VAR) term(p, n->args[0]);
    else term(p, n);
  }
  sd_buf_putc(&p->b, ')');
}

static void term(Pr *p, const SdTerm *t) {
  SdBuf *b = &p->b;
  switch (t->op) {
    case SD_OP_VAR: var_ref(p, t->var); return;
    case SD_OP_STRING: sd_buf_append_quoted(b, t->text, t->length); return;
    case SD_OP_INT:
    case SD_OP_DECIMAL:
      if (t->text[0] == '-' && p->isla) sd_buf_printf(b, "(- %s)", t->text + 1);
      else sd_buf_puts(b, t->text);
      return;
    case SD_OP_BOOL: sd_buf_puts(b, t->bool_value ? "true" : "false"); return;
    case SD_OP_RE_ALLCHAR:
    case SD_OP_RE_ALL:
    case SD_OP_RE_NONE: sd_buf_puts(b, sd_op_name(t->op)); return;
    default: break;
  }
  if (is_pred(t->op)) {
    predicate(p, t);
    return;
  }
  if (p->isla) {
    sd_buf_printf(b, "(%s", sd_op_name(t->op));
    for (uint32_t i = 0; i < t->arg_count; i++) {
      sd_buf_putc(b, ' ');
      term(p, t->args[i]);
    }
    sd_buf_putc(b, ')');
    return;
  }
  if (t->op == SD_OP_NEG) {
    sd_buf_putc(b, '-');
    bool paren = t->args[0]->op != SD_OP_VAR && t->args[0]->arg_count != 0;
    paren = paren || (t->args[0]->op == SD_OP_INT && t->args[0]->text[0] == '-');
    if (paren) sd_buf_putc(b, '(');
    term(p, t->args[0]);
    if (paren) sd_buf_putc(b, ')');
    return;
  }
  if (is_cmp(t->op) || is_arith(t->op)) {
    for (uint32_t i = 0; i < t->arg_count; i++) {
      if (i) sd_buf_printf(b, " %s ", sd_op_name(t->op));
      operand(p, t->args[i], is_cmp(t->op));
    }
    return;
  }
  sd_buf_printf(b, "%s(", sd_op_name(t->op));
  for (uint32_t i = 0; i < t->arg_count; i++) {
    if (i) sd_buf_puts(b, ", ");
    term(p, t->args[i]);
  }
  sd_buf_putc(b, ')');
}

/* binding strength: iff 1, implies 2, xor 3, or 4, and 5, unary 6 */
static int level(const SdFormula *f) {
  switch (f->kind) {
    case SD_F_IFF: return 1;
    case SD_F_IMPLIES: return 2;
    case SD_F_XOR: return 3;
    case SD_F_OR: return 4;
    case SD_F_AND: return 5;
    default: return 6;
  }
}

static const char *connective(SdFormulaKind k) {
  switch (k) {
    case SD_F_IFF: return "iff";
    case SD_F_IMPLIES: return "implies";
    case SD_F_XOR: return "xor";
    case SD_F_OR: return "or";
    default: return "and";
  }
}

static void formula(Pr *p, const SdFormula *f);

/* Does s[i..n) start with what reads as a nonterminal, <...> without
 * blanks or angles inside? */
static bool looks_nonterminal(const char *s, uint32_t i, uint32_t n) {
  uint32_t j = i + 1;
  while (j < n && s[j] != '<' && s[j] != '>' && s[j] != ' ') j++;
  return j < n && s[j] == '>' && j > i + 1;
}

/* A text piece of a match expression, escaped for the string literal and
 * the match expression's own syntax. */
static void match_text(SdBuf *b, const char *s, uint32_t n, bool in_group) {
  for (uint32_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    switch (c) {
      case '"': sd_buf_puts(b, "\\\""); break;
      case '\\': sd_buf_puts(b, "\\\\"); break;
      case '\n': sd_buf_puts(b, "\\n"); break;
      case '\t': sd_buf_puts(b, "\\t"); break;
      case '\r': sd_buf_puts(b, "\\r"); break;
      case '{': sd_buf_puts(b, "{{"); break;
      case '}': sd_buf_puts(b, "}}"); break;
      case '[': sd_buf_puts(b, "[["); break;
      case ']': sd_buf_puts(b, in_group ? "\\x5d" : "]"); break;
      default:
        if (c < 0x20 || c == 0x7f || (c == '<' && looks_nonterminal(s, i, n)))
          sd_buf_printf(b, "\\x%02x", c);
        else
          sd_buf_putc(b, (char)c);
    }
  }
}

static void sub(Pr *p, const SdFormula *f, bool paren);
static int plevel(const Pr *p, const SdFormula *f);
static const SdFormula *shown(const Pr *p, const SdFormula *f);

static bool term_uses(const SdTerm *t, int32_t v) {
  if (t->op == SD_OP_VAR) return t->var == v;
  for (uint32_t i = 0; i < t->arg_count; i++)
    if (term_uses(t->args[i], v)) return true;
  return false;
}

static bool formula_uses(const SdFormula *f, int32_t v) {
  if (f->kind == SD_F_ATOM) return term_uses(f->atom, v);
  if (sd_formula_is_tree_quantifier(f->kind) && f->in_var == v) return true;
  for (uint32_t i = 0; f->match && i < f->match->path_count; i++)
    if (f->match->paths[i].from == v) return true;
  for (uint32_t i = 0; i < f->child_count; i++)
    if (formula_uses(f->children[i], v)) return true;
  return false;
}

/* XPath steps whose variable the body does not use (left by
 * simplification) still restrict the range: written as
 * `(same_position(x.<a>, x.<a>) and body)` to keep it. True when printed so. */
static bool unused_paths(Pr *p, const SdFormula *q) {
  const SdFormula *body = q->children[0];
  uint32_t unused = 0;
  for (uint32_t i = 0; q->match && i < q->match->path_count; i++) {
    int32_t v = q->match->paths[i].var;
    bool used = formula_uses(body, v);
    for (uint32_t j = 0; j < q->match->path_count && !used; j++) used = q->match->paths[j].from == v;
    if (used) continue;
    sd_buf_puts(&p->b, unused++ ? " and " : "(");
    sd_buf_puts(&p->b, "same_position(");
    var_ref(p, v);
    sd_buf_puts(&p->b, ", ");
    var_ref(p, v);
    sd_buf_puts(&p->b, ")");
  }
  if (!unused) return false;
  sd_buf_puts(&p->b, " and ");
  sub(p, body, plevel(p, shown(p, body)) <= 5); /* 5: and */
  sd_buf_putc(&p->b, ')');
  return true;
}

/* ="..." of a quantifier: the match expression's items */
static void match_expression(Pr *p, const SdMatch *m) {
  const SdGrammar *g = p->c->grammar;
  sd_buf_puts(&p->b, "=\"");
  for (uint32_t i = 0; i < m->item_count; i++) {
    const SdMatchItem *it = &m->items[i];
    if (it->group >= 0 && (i == 0 || m->items[i - 1].group != it->group)) sd_buf_putc(&p->b, '[');
    if (it->kind == SD_MATCH_TEXT) match_text(&p->b, it->text, it->length, it->group >= 0);
    else if (it->kind == SD_MATCH_NONTERMINAL) sd_buf_puts(&p->b, g->symbols[it->symbol].name);
    else sd_buf_printf(&p->b, "{%s %s}", g->symbols[it->symbol].name, p->c->variables[it->var].name);
    if (it->group >= 0 && (i + 1 == m->item_count || m->items[i + 1].group != it->group))
      sd_buf_putc(&p->b, ']');
  }
  sd_buf_putc(&p->b, '"');
}

/* An or of equalities of one variable with string literals: the variable, else -1. */
static int32_t set_var(const Pr *p, const SdFormula *f) {
  if (p->isla || !p->sets || f->kind != SD_F_OR || f->child_count < 2) return -1;
  int32_t var = -1;
  for (uint32_t i = 0; i < f->child_count; i++) {
    const SdFormula *k = f->children[i];
    if (k->kind != SD_F_ATOM || k->atom->op != SD_OP_EQ || k->atom->arg_count != 2) return -1;
    const SdTerm *a = k->atom->args[0], *b = k->atom->args[1];
    if (a->op == SD_OP_STRING) {
      const SdTerm *t = a;
      a = b, b = t;
    }
    if (a->op != SD_OP_VAR || b->op != SD_OP_STRING || (var >= 0 && a->var != var)) return -1;
    var = a->var;
  }
  return var;
}

static int plevel(const Pr *p, const SdFormula *f) { return set_var(p, f) >= 0 ? 6 : level(f); }

static void print_set(Pr *p, const SdFormula *f, int32_t var) {
  var_ref(p, var);
  sd_buf_puts(&p->b, " in {");
  for (uint32_t i = 0; i < f->child_count; i++) {
    const SdTerm *a = f->children[i]->atom;
    const SdTerm *lit = a->args[0]->op == SD_OP_STRING ? a->args[0] : a->args[1];
    if (i) sd_buf_puts(&p->b, ", ");
    sd_buf_append_quoted(&p->b, lit->text, lit->length);
  }
  sd_buf_putc(&p->b, '}');
}

/* what actually gets printed for f: a free-nonterminal quantifier prints as its body */
static const SdFormula *shown(const Pr *p, const SdFormula *f) {
  while (!p->isla && f->kind == SD_F_FORALL && p->as_nt[f->var] && f->in_var < 0)
    f = f->children[0];
  return f;
}

static void sub(Pr *p, const SdFormula *f, bool paren) {
  if (paren) sd_buf_putc(&p->b, '(');
  formula(p, f);
  if (paren) sd_buf_putc(&p->b, ')');
}

static void formula(Pr *p, const SdFormula *f) {
  SdBuf *b = &p->b;
  switch (f->kind) {
    case SD_F_TRUE: sd_buf_puts(b, "true"); return;
    case SD_F_FALSE: sd_buf_puts(b, "false"); return;
    case SD_F_ATOM: term(p, f->atom); return;
    case SD_F_NOT:
      sd_buf_puts(b, "not ");
      sub(p, f->children[0], plevel(p, shown(p, f->children[0])) < 6);
      return;
    case SD_F_FORALL_INT:
    case SD_F_EXISTS_INT:
      sd_buf_printf(b, "%s int %s: ", f->kind == SD_F_FORALL_INT ? "forall" : "exists",
                    p->c->variables[f->var].name);
      sub(p, f->children[0], plevel(p, shown(p, f->children[0])) < 6);
      return;
    case SD_F_FORALL:
    case SD_F_EXISTS: {
      const SdVariable *v = &p->c->variables[f->var];
      const SdFormula *body = f->children[0];
      bool nt = !p->isla && p->as_nt[f->var];
      if (nt && f->kind == SD_F_FORALL && f->in_var < 0) { /* free nonterminal */
        formula(p, body);
        return;
      }
      sd_buf_printf(b, "%s %s", f->kind == SD_F_FORALL ? "forall" : "exists",
                    p->c->grammar->symbols[v->symbol].name);
      if (!nt) sd_buf_printf(b, " %s", v->name);
      if (f->match && f->match->item_count) match_expression(p, f->match);
      if (f->in_var >= 0 || p->isla) {
        sd_buf_puts(b, " in ");
        if (f->in_var < 0) sd_buf_puts(b, "start");
        else var_ref(p, f->in_var);
      }
      sd_buf_puts(b, ": ");
      if (unused_paths(p, f)) return;
      sub(p, body, plevel(p, shown(p, body)) < 6);
      return;
    }
    default: {
      int32_t sv = set_var(p, f);
      if (sv >= 0) {
        print_set(p, f, sv);
        return;
      }
      int l = level(f);
      for (uint32_t i = 0; i < f->child_count; i++) {
        if (i) sd_buf_printf(b, " %s ", connective(f->kind));
        /* a quantifier operand gets parentheses too: then the text reads the
           same whether a quantifier's body is taken to be unary (ISLa) or to
           extend to the right */
        const SdFormula *k = shown(p, f->children[i]);
        sub(p, f->children[i], plevel(p, k) <= l || sd_formula_is_quantifier(k->kind));
      }
      return;
    }
  }
}

static void print_root(Pr *p, const SdFormula *root) {
  const SdMatchPath **path_of = sd_xcalloc(p->c->variable_count + 1, sizeof(SdMatchPath *));
  find_paths(root, path_of);
  p->path_of = path_of;
  formula(p, root);
  p->path_of = NULL;
  free(path_of);
}

char *sd_constraint_to_isla(const SdConstraint *self) {
  Pr p = {self, {0}, true, NULL, false, NULL};
  if (self->root) print_root(&p, self->root);
  return sd_buf_take(&p.b);
}

static char *print_short_sets(const SdConstraint *c, const bool *as_nt, bool sets) {
  Pr p = {c, {0}, false, as_nt, sets, NULL};
  print_root(&p, c->root);
  return sd_buf_take(&p.b);
}

static char *print_short(const SdConstraint *c, const bool *as_nt) {
  Pr p = {c, {0}, false, as_nt, false, NULL};
  print_root(&p, c->root);
  return sd_buf_take(&p.b);
}

static bool reads_back(const SdConstraint *c, const char *text) {
  SdConstraintError err;
  SdConstraint *back = sd_constraint_parse(c->grammar, text, strlen(text), &err);
  bool same = back && sd_constraint_equal(c, back);
  sd_constraint_free(back);
  free(err.message);
  return same;
}

static void mark_binders(const SdConstraint *c, const SdFormula *f, bool *as_nt) {
  if (f->kind == SD_F_FORALL || f->kind == SD_F_EXISTS) {
    bool free_forall = f->kind == SD_F_FORALL && f->in_var < 0;
    as_nt[f->var] = free_forall || c->variables[f->var].implicit;
  }
  for (uint32_t i = 0; i < f->child_count; i++) mark_binders(c, f->children[i], as_nt);
}

/* Where every input holds exactly one <T> (sd_grammar_exactly_once), `exists
 * <T> v in start` and `forall <T> v in start` mean the same: both bind v to
 * that one node. The short form then uses the free `<T>` (a forall), which
 * people read most easily: `str.to.int(<payload-length>) > str.len(<payload>)`. */
static void single_node_exists_to_forall(const SdConstraint *c, SdFormula *f) {
  if (f->kind == SD_F_EXISTS && f->in_var < 0 && c->variables[f->var].symbol >= 0 &&
      sd_grammar_exactly_once(c->grammar, c->variables[f->var].symbol))
    f->kind = SD_F_FORALL;
  for (uint32_t i = 0; i < f->child_count; i++) single_node_exists_to_forall(c, f->children[i]);
}

static char *short_form(const SdConstraint *self);
static bool all_single_node(const SdConstraint *c, const SdFormula *f);
static void mark_quantified(const SdFormula *f, bool *as_nt);
static bool plain_reads_back(const SdConstraint *c, const char *text);
static char *print_short(const SdConstraint *c, const bool *as_nt);

char *sd_constraint_to_short(const SdConstraint *self) {
  if (!self->root) return sd_xstrdup("");
  SdConstraint *people = sd_constraint_clone(self);
  single_node_exists_to_forall(people, people->root);
  /* every quantifier over a single node: each variable is a plain <T>,
   * wherever the reader's rule puts the implied quantifiers */
  char *text = NULL;
  if (all_single_node(people, people->root)) {
    bool *as_nt = sd_xcalloc(people->variable_count ? people->variable_count : 1, sizeof(bool));
    mark_quantified(people->root, as_nt);
    text = print_short(people, as_nt);
    if (!plain_reads_back(people, text)) {
      free(text);
      text = NULL;
    } else { /* the checked text, with sets written `X in {...}` */
      free(text);
      text = print_short_sets(people, as_nt, true);
    }
    free(as_nt);
  }
  if (!text) text = short_form(self); /* faithful to the quantifiers as written */
  sd_constraint_free(people);
  return text;
}

/* Does the plain text parse back to the same body (the order in which the
 * reader's free nonterminals get quantified does not matter here)? Compare
 * the bodies as printed with plain <T> names. */
static bool plain_reads_back(const SdConstraint *c, const char *text) {
  SdConstraintError err;
  SdConstraint *back = sd_constraint_parse(c->grammar, text, strlen(text), &err);
  free(err.message);
  if (!back) return false;
  bool same = all_single_node(back, back->root);
  if (same) {
    bool *as_nt = sd_xcalloc(back->variable_count ? back->variable_count : 1, sizeof(bool));
    mark_quantified(back->root, as_nt);
    char *again = print_short(back, as_nt);
    same = strcmp(again, text) == 0;
    free(again);
    free(as_nt);
  }
  sd_constraint_free(back);
  return same;
}

/* Is every quantifier a forall over a single node of the whole input? */
static bool all_single_node(const SdConstraint *c, const SdFormula *f) {
  if (f->kind == SD_F_EXISTS || sd_formula_is_int_quantifier(f->kind)) return false;
  if (f->kind == SD_F_FORALL) {
    const SdVariable *v = &c->variables[f->var];
    if (f->in_var >= 0 || v->symbol < 0 || !sd_grammar_exactly_once(c->grammar, v->symbol))
      return false;
  }
  for (uint32_t i = 0; i < f->child_count; i++)
    if (!all_single_node(c, f->children[i])) return false;
  return true;
}

static void mark_quantified(const SdFormula *f, bool *as_nt) {
  if (f->kind == SD_F_FORALL || f->kind == SD_F_EXISTS) as_nt[f->var] = true;
  for (uint32_t i = 0; i < f->child_count; i++) mark_quantified(f->children[i], as_nt);
}


static char *short_form(const SdConstraint *self) {
  uint32_t n = self->variable_count;
  bool *as_nt = sd_xcalloc(n ? n : 1, sizeof(bool));
  mark_binders(self, self->root, as_nt);
  char *text = print_short(self, as_nt);
  /* give up shorthands one by one until the text means the same formula */
  for (uint32_t v = 0; v <= n && !reads_back(self, text); v++) {
    while (v < n && !as_nt[v]) v++;
    free(text);
    if (v == n) {
      text = sd_constraint_to_isla(self);
      free(as_nt);
      return text;
    }
    as_nt[v] = false;
    text = print_short(self, as_nt);
  }
  free(text); /* it reads back: print it again with sets written `X in {...}` */
  text = print_short_sets(self, as_nt, true);
  free(as_nt);
  return text;
}
