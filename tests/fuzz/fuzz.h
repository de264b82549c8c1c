/*
 * fuzz.h — the fuzz targets (tests/fuzz/fuzz_*.c) and what they share.
 *
 * Each target is one function of (bytes, size).  Built by `make fuzz`
 * (clang, -DGR_FUZZ_LIBFUZZER) it is libFuzzer's LLVMFuzzerTestOneInput;
 * built by gcc for `make test` it is fuzz_<name>, which tests/unit/
 * test_fuzz.c calls on every file of tests/fuzz/<name>/ (corpus replay).
 * A target returns 0; a violated property prints why and aborts.
 */
#ifndef GR_FUZZ_H
#define GR_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "grognard.h"

#ifdef GR_FUZZ_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#define FUZZ_TARGET(name) int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
#else
#define FUZZ_TARGET(name) int fuzz_##name(const uint8_t *data, size_t size)
#endif

/* The targets (replay names). */
int fuzz_engine(const uint8_t *data, size_t size);
int fuzz_save(const uint8_t *data, size_t size);
int fuzz_scenario(const uint8_t *data, size_t size);
int fuzz_text(const uint8_t *data, size_t size);
int fuzz_play(const uint8_t *data, size_t size);

/* Prints "fuzz: <message>" and aborts when cond is false. */
#define FZ_CHECK(cond, ...) \
    ((cond) ? (void)0 : fz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__))
void fz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
    __attribute__((format(printf, 4, 5), noreturn));

/* The data root (gr_host_data_dir). */
const char *fz_data_dir(void);
/* Number of installed scenarios (the .json files of data/scenarios, sorted by id). */
int fz_scenario_count(void);
/* Id of scenario i (0 <= i < fz_scenario_count()). */
const char *fz_scenario_id(int i);
/* Scenario i, loaded once and kept for the life of the process. */
const gr_scenario *fz_scenario(int i);

/* Number of data files scenario i reads (recorded on its first load). */
int fz_file_count(int i);
/* Path (under the data root) of the j-th file scenario i reads. */
const char *fz_file_path(int i, int j);
/* Loads a fresh copy of scenario i from the recorded files (no disk
 * access; files it did not read are refused), the j-th file replaced by
 * text[0..len) when text is not NULL.  The caller frees *out. */
gr_status fz_load(int i, int j, const uint8_t *text, size_t len, gr_scenario **out,
                  gr_error *err);

/* Cursor over the fuzz input. */
typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in;
/* Next byte (0 once the input is used up). */
unsigned fz_byte(fz_in *in);
/* Next line (up to '\n' or the end, at most size-1 bytes kept) into buf,
 * NUL-terminated, NUL bytes replaced by spaces; 0 once the input is used up. */
int fz_line(fz_in *in, char *buf, size_t size);

#endif
