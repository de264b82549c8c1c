/*
 * gr_assert.h — the assertion vocabulary of the library (after SQLite's):
 *
 *   assert(X)  an invariant: X holds by construction.  Nothing handles the
 *              other case; checked in every build that does not define
 *              NDEBUG (ours never does, tests, sanitizers and fuzzing
 *              included).
 *   ALWAYS(X)  X is believed always true, and the code still handles it
 *   NEVER(X)   being false (ALWAYS) or true (NEVER), because a wrong belief
 *              must not corrupt a game or crash a release build: with
 *              assertions on, a wrong belief aborts at once, where the tests
 *              and the fuzzers see it; with NDEBUG the expression is only
 *              evaluated and the handling code runs.
 *
 *      if (NEVER(s->ntasks >= ARW_MAX_TASKS))
 *          return;            (a full stack is impossible, never overrun)
 *
 * Use them where code trusts an index, a count or a stage it could check.
 */
#ifndef GR_ASSERT_H
#define GR_ASSERT_H

#include <assert.h>

#ifndef NDEBUG
#define ALWAYS(X) ((X) ? 1 : (assert(0 && "ALWAYS(" #X ")"), 0))
#define NEVER(X) ((X) ? (assert(0 && "NEVER(" #X ")"), 1) : 0)
#else
#define ALWAYS(X) (!!(X))
#define NEVER(X) (!!(X))
#endif

#endif
