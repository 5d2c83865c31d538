/* debugger_hunt.c: looking for evidence that the diagnosis is wrong, where
 * it would be.
 *
 * Outside the diagnosis, failures it misses: neighbours of failing inputs
 * (as DDSET varies them: one element changed at a time, through each
 * alternative of its nonterminal with the rest of that element derived at
 * random, or another byte of its character class; and the element grown to
 * up to four times its size, since lengths and values beyond a boundary
 * are reached by growing), kept when they fall
 * outside the diagnosis, and structurally diverse inputs under its negation
 * from the generator. None failing in N runs bounds the share of such
 * failures by 1 - 0.05^(1/N) at 95% confidence.
 *
 * Inside the diagnosis, passes it wrongly covers: neighbours of passing
 * inputs that fall inside it, and generated inputs that satisfy it made
 * from passing inputs.
 *
 * --hunt N inputs outside and N/2 inside run in chunks of HUNT_CHUNK, two
 * outside for one inside; the first chunk with a failure outside or a pass
 * inside ends the hunt (the debugger learns from it). The debugger also
 * hunts as the round that tries to refute a candidate that would complete
 * the diagnosis (debugger_cause.c). */
#include <stdlib.h>
#include <string.h>

#include "debugger_internal.h"

enum { HUNT_CHUNK = 8, HUNT_BASES = 8, HUNT_CHARSET_TRIES = 3, HUNT_SUBTREE = 24 };

enum { VARY_BYTE = -1, VARY_GROW = -2 };

/* base with node (given by its path) derived anew: through alternative alt,
 * or (VARY_BYTE) a terminal's byte drawn again, or (VARY_GROW) a derivation
 * of up to four times the node's size and more (lengths and values beyond a
 * boundary are reached by growing elements). */
static SdTree *variant(Debugger *d, const SdTree *base, const SdNode *node, int32_t alt) {
  uint32_t path[256];
  uint32_t depth = sd_node_path(node, path, 256);
  if (depth > 256) return NULL;
  SdTree *t = sd_tree_clone(base);
  SdNode *target = sd_tree_follow(t, path, depth);
  const SdSymbolInfo *si = &d->grammar->symbols[node->symbol];
  SdNode *fresh;
  if (alt == VARY_BYTE) {
    fresh = sd_fuzz_node(d->fuzzer, t, node->symbol, 1);
  } else if (alt == VARY_GROW) {
    uint32_t hi = 4 * node->size + 64;
    fresh = sd_fuzz_node_sized(d->fuzzer, t, node->symbol, node->size + sd_rng_below(&d->rng, hi - node->size));
  } else {
    const SdAlternative *a = &si->alternatives[alt];
    fresh = sd_tree_new_node(t, node->symbol, alt, a->count);
    for (uint32_t k = 0; k < a->count; k++) {
      fresh->children[k] = sd_fuzz_node(d->fuzzer, t, a->symbols[k], HUNT_SUBTREE);
      fresh->children[k]->parent = fresh;
    }
  }
  sd_tree_replace(t, target, fresh);
  return t;
}

/* Inputs to vary (failing ones to hunt outside, passing ones inside): the
 * ones the diagnosis gets wrong first, then the rest, shortest first within
 * each (short inputs have few, meaningful elements). */
static uint32_t pick_bases(Debugger *d, const SdConstraint *diagnosis, bool inside_hunt, uint32_t *out,
                           uint32_t max) {
  const IndexList *from = inside_hunt ? &d->passing : &d->failing;
  uint32_t n = 0;
  for (int pass = 0; pass < 2 && n < max; pass++) {
    IndexList pool = {0};
    for (uint32_t k = 0; k < from->size; k++) {
      uint32_t i = from->items[k];
      bool inside = sd_constraint_eval(diagnosis, d->evidence.items[i].tree, NULL);
      if ((inside == (pass == 1)) != inside_hunt) array_push(&pool, i);
    }
    while (pool.size && n < max) {
      uint32_t best = 0;
      for (uint32_t k = 1; k < pool.size; k++)
        if (d->evidence.items[pool.items[k]].tree->length < d->evidence.items[pool.items[best]].tree->length)
          best = k;
      out[n++] = pool.items[best];
      pool.items[best] = pool.items[--pool.size];
    }
    array_free(&pool);
  }
  return n;
}

static bool keep(Debugger *d, const SdConstraint *diagnosis, bool inside, SdHashSet *made, SdTree *t) {
  uint64_t h = sd_hash_bytes(t->text, t->length, 0x5eed);
  if (dbg_seen(d, t) || sd_hash_set_has(made, h) || sd_constraint_eval(diagnosis, t, NULL) != inside) return false;
  sd_hash_set_add(made, h);
  return true;
}

/* Every one-element variant of the bases that lies outside (inside) the
 * diagnosis: through each alternative (or byte) into alts, grown into grown. */
static void neighbours(Debugger *d, const SdConstraint *diagnosis, bool inside, TreeList *alts, TreeList *grown) {
  uint32_t bases[HUNT_BASES];
  uint32_t nb = pick_bases(d, diagnosis, inside, bases, HUNT_BASES);
  SdHashSet made = {0};
  for (uint32_t b = 0; b < nb; b++) {
    const SdTree *base = d->evidence.items[bases[b]].tree;
    for (uint32_t id = 1; id < base->node_count && alts->size + grown->size < 4000; id++) {
      const SdNode *node = base->nodes[id];
      const SdSymbolInfo *si = &d->grammar->symbols[node->symbol];
      if (si->kind == SD_SYM_LITERAL) continue;
      bool charset = si->kind == SD_SYM_CHARSET;
      uint32_t tries = charset ? HUNT_CHARSET_TRIES : si->alternative_count + 1;
      for (uint32_t a = 0; a < tries; a++) {
        bool grow = !charset && a == si->alternative_count;
        SdTree *t = variant(d, base, node, charset ? VARY_BYTE : grow ? VARY_GROW : (int32_t)a);
        if (!t) continue;
        if (keep(d, diagnosis, inside, &made, t)) array_push(grow ? grown : alts, t);
        else sd_tree_free(t);
      }
    }
  }
  sd_hash_set_free(&made);
}

static SdTree *draw(Debugger *d, TreeList *pool) {
  uint32_t k = sd_rng_below(&d->rng, pool->size);
  SdTree *t = pool->items[k];
  pool->items[k] = pool->items[--pool->size];
  return t;
}

/* Up to budget inputs on one side of the diagnosis: two thirds from the
 * neighbourhood, drawn at random by turns from the alternative and the grown
 * variants, the rest generated (topped up from the neighbourhood when the
 * generator makes fewer). */
static void collect(Debugger *d, const SdConstraint *diagnosis, bool inside, uint32_t budget, TreeList *batch) {
  TreeList pools[2] = {{0}, {0}};
  neighbours(d, diagnosis, inside, &pools[0], &pools[1]);
  uint32_t start = batch->size, want = budget * 2 / 3;
  for (uint32_t turn = 0; batch->size - start < want && (pools[0].size || pools[1].size); turn++) {
    TreeList *pool = pools[turn % 2].size ? &pools[turn % 2] : &pools[(turn + 1) % 2];
    array_push(batch, draw(d, pool));
  }
  SdConstraint *target = inside ? sd_constraint_clone(diagnosis) : sd_constraint_negate(diagnosis);
  uint32_t n = budget - (batch->size - start);
  if (target && n) {
    const IndexList *from = inside ? &d->passing : &d->failing;
    SdTree **out = sd_xmalloc(n * sizeof(SdTree *));
    SdTree *seeds[16];
    uint32_t ns = 0;
    for (uint32_t i = 0; i < from->size && ns < 16; i++) seeds[ns++] = d->evidence.items[from->items[from->size - 1 - i]].tree;
    uint32_t got = sd_solver_generate(d->solver, target, seeds, ns, n, out, NULL);
    for (uint32_t i = 0; i < got; i++) array_push(batch, out[i]);
    free(out);
  }
  sd_constraint_free(target);
  for (int k = 0; k < 2; k++) {
    while (batch->size - start < budget && pools[k].size) array_push(batch, array_pop(&pools[k]));
    for (uint32_t i = 0; i < pools[k].size; i++) sd_tree_free(pools[k].items[i]);
    array_free(&pools[k]);
  }
}

/* The hunt's inputs in the order they run: two outside the diagnosis for
 * each one inside, so that every chunk looks both ways. */
static void interleave(TreeList *out_side, TreeList *in_side, TreeList *order) {
  uint32_t o = 0, i = 0;
  while (o < out_side->size || i < in_side->size) {
    for (int k = 0; k < 2 && o < out_side->size; k++) array_push(order, out_side->items[o++]);
    if (i < in_side->size) array_push(order, in_side->items[i++]);
  }
}

/* Tally the verdicts of evidence [from, end) against the diagnosis. */
static void tally(Debugger *d, const SdConstraint *diagnosis, uint32_t from) {
  for (uint32_t i = from; i < d->evidence.size; i++) {
    SdVerdictKind v = d->evidence.items[i].verdict;
    if (v == SD_VERDICT_UNDEFINED) continue;
    if (sd_constraint_eval(diagnosis, d->evidence.items[i].tree, NULL)) {
      d->hunt_inside++;
      d->hunt_passes += v == SD_VERDICT_PASS;
    } else {
      d->hunt_inputs++;
      d->hunt_failures += v == SD_VERDICT_FAIL;
    }
  }
}

static uint32_t hunt_outside_budget(const Debugger *d) {
  return d->opts->hunt ? d->opts->hunt : 1;
}

/* Runs the hunt in chunks and stops after the first chunk that proves the
 * diagnosis wrong (a failure outside it or a pass inside): the rest of the
 * budget would only confirm what that input shows. */
int dbg_hunt(Debugger *d, const SdConstraint *diagnosis) {
  d->hunted = true;
  d->hunt_inputs = d->hunt_failures = d->hunt_inside = d->hunt_passes = 0;
  sd_constraint_free(d->hunted_diagnosis);
  d->hunted_diagnosis = sd_constraint_clone(diagnosis);
  uint64_t left = dbg_runs_left(d);
  uint32_t want_out = hunt_outside_budget(d), want_in = (want_out + 1) / 2;
  uint32_t outside = (uint32_t)(left < want_out ? left : want_out);
  uint32_t inside = (uint32_t)(left - outside < want_in ? left - outside : want_in);
  if (!outside) return 0;
  TreeList out_side = {0}, in_side = {0}, order = {0};
  collect(d, diagnosis, false, outside, &out_side);
  collect(d, diagnosis, true, inside, &in_side);
  interleave(&out_side, &in_side, &order);
  array_free(&out_side);
  array_free(&in_side);
  uint64_t runs_before = dbg_runs_so_far(d);
  d->origin = ORIGIN_HUNT;
  uint32_t next = 0;
  int rc = 0;
  while (next < order.size) {
    uint32_t n = order.size - next < HUNT_CHUNK ? order.size - next : HUNT_CHUNK;
    uint32_t before = d->evidence.size;
    if (dbg_run_trees(d, order.items + next, n) < 0) rc = -1;
    next += n;
    if (rc < 0) break;
    tally(d, diagnosis, before);
    if (d->hunt_failures + d->hunt_passes || dbg_out_of_time(d)) break;
  }
  for (; next < order.size; next++) sd_tree_free(order.items[next]);
  array_free(&order);
  d->hunt_runs += dbg_runs_so_far(d) - runs_before;
  if (rc < 0) return -1;
  SdSolverStats ss;
  sd_solver_stats(d->solver, &ss);
  dbg_progress(d, "hunt: %u of %u inputs outside the diagnosis failed, %u of %u inside it passed (%llu Z3 queries so far)",
               d->hunt_failures, d->hunt_inputs, d->hunt_passes, d->hunt_inside, (unsigned long long)ss.z3_queries);
  return (int)(d->hunt_failures + d->hunt_passes);
}
