/*
 * Benchmark layers 2, 5 and 7 from a C caller's side:
 *   keys     — rust_process_key + rust_free_string per keystroke (layer 2);
 *   startup  — rust_init_engine on the bundled files: the first call in this process
 *              (cold) and then repeated reloads (layer 5);
 *   memory   — resident memory before init, after init, and after a million keys (layer 7);
 *   convert  — rust_convert + rust_free_string per reading, JSON in and out (heard, the
 *              default; candidates 9, alternatives 0), after rust_load_dictionary; writes
 *              `kana<TAB>ns<TAB>cpu_ns` per call (the conversion layer through the C ABI;
 *              cpu_ns: this thread's CPU time, CLOCK_THREAD_CPUTIME_ID).
 * Writes one latency per line (ns) to the samples file; scripts/bench.sh drives it and
 * scripts/tools/bench_report.py summarises.
 *
 * Usage: abi_bench keys    PROFILES KANA CORPUS PROFILE_ID KEYS SAMPLES_OUT
 *        abi_bench startup PROFILES KANA RELOADS COLD_OUT RELOAD_OUT
 *        abi_bench memory  PROFILES KANA CORPUS PROFILE_ID KEYS
 *        abi_bench convert DICTIONARY INPUTS ROUNDS SAMPLES_OUT
 */
#define _POSIX_C_SOURCE 199309L
#include "cyrillic_ime_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "abi_bench: cannot open %s\n", path);
        exit(66);
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    size_t got = fread(text, 1, (size_t)size, file);
    text[got] = '\0';
    fclose(file);
    return text;
}

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static long long thread_cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The keystroke stream: each UTF-8 character of each word, then a space. */
typedef struct {
    char (*keys)[8];
    size_t count;
} Stream;

static Stream make_stream(const char *corpus) {
    Stream s = {malloc(strlen(corpus) * sizeof *s.keys + sizeof *s.keys), 0};
    const unsigned char *p = (const unsigned char *)corpus;
    int in_word = 0;
    while (*p) {
        if (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') {
            if (in_word) strcpy(s.keys[s.count++], " ");
            in_word = 0;
            p++;
            continue;
        }
        size_t len = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
        memcpy(s.keys[s.count], p, len);
        s.keys[s.count][len] = '\0';
        s.count++;
        in_word = 1;
        p += len;
    }
    if (in_word) strcpy(s.keys[s.count++], " ");
    return s;
}

/* Extracts the "buffer" value of a result (plain text: the buffer never needs escapes
 * for the corpora used here; a result with escapes aborts the run). */
static void take_buffer(const char *json, char *buffer, size_t size) {
    const char *start = strstr(json, "\"buffer\":\"");
    if (!start) { fprintf(stderr, "abi_bench: no buffer in %s\n", json); exit(70); }
    start += strlen("\"buffer\":\"");
    const char *end = strchr(start, '"');
    if (!end || (size_t)(end - start) >= size || memchr(start, '\\', (size_t)(end - start))) {
        fprintf(stderr, "abi_bench: unexpected buffer in %s\n", json);
        exit(70);
    }
    memcpy(buffer, start, (size_t)(end - start));
    buffer[end - start] = '\0';
}

static void init_or_die(const char *profiles, const char *kana) {
    if (!rust_init_engine(profiles, kana)) {
        char *why = rust_last_init_error();
        fprintf(stderr, "abi_bench: init failed: %s\n", why ? why : "(panic)");
        exit(65);
    }
}

static long resident_kib(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmRSS:", 6) == 0) kib = strtol(line + 6, NULL, 10);
    }
    if (f) fclose(f);
    return kib;
}

static void type_keys(const Stream *s, const char *profile, size_t count, long long *samples) {
    char buffer[300] = "";
    for (size_t i = 0; i < count; i++) {
        const char *key = s->keys[i % s->count];
        long long start = samples ? now_ns() : 0;
        char *result = rust_process_key(key, buffer, profile);
        if (!result) { fprintf(stderr, "abi_bench: NULL result\n"); exit(70); }
        take_buffer(result, buffer, sizeof buffer);
        rust_free_string(result);
        if (samples) samples[i] = now_ns() - start;
    }
}

int main(int argc, char **argv) {
    if (argc >= 8 && strcmp(argv[1], "keys") == 0) {
        char *profiles = read_file(argv[2]), *kana = read_file(argv[3]), *corpus = read_file(argv[4]);
        const char *profile = argv[5];
        size_t count = strtoul(argv[6], NULL, 10);
        init_or_die(profiles, kana);
        Stream s = make_stream(corpus);
        type_keys(&s, profile, count / 10, NULL); /* warm-up */
        long long *samples = malloc(count * sizeof *samples);
        type_keys(&s, profile, count, samples);
        long long start = now_ns();
        type_keys(&s, profile, count, NULL);
        double batch = (double)(now_ns() - start) / (double)count;
        FILE *out = fopen(argv[7], "w");
        fprintf(out, "# layer2 batch_ns_per_key=%.1f\n", batch);
        for (size_t i = 0; i < count; i++) fprintf(out, "%lld\n", samples[i]);
        fclose(out);
        return 0;
    }
    if (argc >= 7 && strcmp(argv[1], "startup") == 0) {
        char *profiles = read_file(argv[2]), *kana = read_file(argv[3]);
        int reloads = atoi(argv[4]);
        long long start = now_ns();
        init_or_die(profiles, kana);
        long long cold = now_ns() - start;
        FILE *out = fopen(argv[5], "a");
        fprintf(out, "%lld\n", cold);
        fclose(out);
        out = fopen(argv[6], "w");
        fprintf(out, "# layer5 reload\n");
        for (int i = 0; i < reloads; i++) {
            start = now_ns();
            init_or_die(profiles, kana);
            fprintf(out, "%lld\n", now_ns() - start);
        }
        fclose(out);
        return 0;
    }
    if (argc >= 7 && strcmp(argv[1], "memory") == 0) {
        char *profiles = read_file(argv[2]), *kana = read_file(argv[3]), *corpus = read_file(argv[4]);
        Stream s = make_stream(corpus);
        long before = resident_kib();
        init_or_die(profiles, kana);
        long after_init = resident_kib();
        size_t count = strtoul(argv[6], NULL, 10);
        type_keys(&s, argv[5], count / 10, NULL);
        long after_tenth = resident_kib();
        type_keys(&s, argv[5], count, NULL);
        long after_all = resident_kib();
        printf("{\"rss_before_init_kib\": %ld, \"rss_after_init_kib\": %ld, \"rss_after_warmup_kib\": %ld, "
               "\"rss_after_keys_kib\": %ld, \"keys\": %zu}\n", before, after_init, after_tenth, after_all, count);
        return 0;
    }
    if (argc >= 6 && strcmp(argv[1], "convert") == 0) {
        char *loaded = rust_load_dictionary(argv[2]);
        if (!loaded || strstr(loaded, "\"error\"")) {
            fprintf(stderr, "abi_bench: %s\n", loaded ? loaded : "(panic)");
            exit(65);
        }
        rust_free_string(loaded);
        char *inputs = read_file(argv[3]);
        int rounds = atoi(argv[4]);
        /* One request per line; the readings are kana, so they need no JSON escapes. */
        size_t lines = 0;
        for (char *p = inputs; *p; p++) lines += *p == '\n';
        char **requests = malloc((lines + 1) * sizeof *requests);
        int *kana = malloc((lines + 1) * sizeof *kana);
        size_t count = 0;
        for (char *line = strtok(inputs, "\n"); line; line = strtok(NULL, "\n")) {
            size_t size = strlen(line) + 64;
            requests[count] = malloc(size);
            snprintf(requests[count], size, "{\"reading\":\"%s\",\"candidates\":9,\"alternatives\":0}", line);
            kana[count] = 0;
            for (const unsigned char *c = (const unsigned char *)line; *c; c++) kana[count] += (*c & 0xC0) != 0x80;
            count++;
        }
        FILE *out = fopen(argv[5], "w");
        for (int round = -1; round < rounds; round++) { /* round -1: warm-up */
            for (size_t i = 0; i < count; i++) {
                long long start = now_ns(), start_cpu = thread_cpu_ns();
                char *result = rust_convert(requests[i]);
                if (!result || strncmp(result, "{\"reading\"", 10) != 0) {
                    fprintf(stderr, "abi_bench: %s -> %s\n", requests[i], result ? result : "(panic)");
                    exit(70);
                }
                rust_free_string(result);
                long long elapsed = now_ns() - start, cpu = thread_cpu_ns() - start_cpu;
                if (round >= 0) fprintf(out, "%d\t%lld\t%lld\n", kana[i], elapsed, cpu);
            }
        }
        fclose(out);
        return 0;
    }
    fprintf(stderr, "usage: see the comment at the top of bench/abi_bench.c\n");
    return 64;
}
