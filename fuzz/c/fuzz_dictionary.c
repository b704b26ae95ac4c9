/*
 * libFuzzer target `dictionary`: mutated compiled dictionaries through rust_load_dictionary,
 * seeded with the tiny test dictionary (rust_core/examples/tiny_dictionary.rs, written at
 * build time) and its companion.
 *
 * Input: byte 0 picks the mode, the rest is the file. Even: the file as it is (the header
 * checks and the checksum see every mutation). Odd: the file-length and checksum fields
 * are recomputed first (when it is at least a header long), so mutations get past the
 * checksum into the validation of the header and sections and, when the file is accepted,
 * into the lookups of a hostile dictionary.
 *
 * Checks, for every input (the tiny dictionary is loaded before each one):
 *  - loading never crashes and answers JSON;
 *  - a refused file: {"error", "reading": ""} with the message "dictionary <path>: <problem>",
 *    and the tiny dictionary stays loaded: rust_dictionary_info and a probe conversion
 *    answer byte for byte as before;
 *  - an accepted file: the description names the file and its size and equals
 *    rust_dictionary_info; conversions (fixed readings and one made from the input),
 *    resizes, segment candidates and predictions on it answer in the documented shape
 *    (segments cover the reading, every segment's candidates distinct with its hiragana and
 *    katakana, the first alternative the first candidates joined, prediction readings start
 *    with the prefix); then the tiny dictionary loads again.
 */
#include "cyrillic_ime_core.h"
#include "harness.h"
#include "conversion_checks.h"

#include <unistd.h>

#ifndef TINY_DICTIONARY
#define TINY_DICTIONARY ""
#endif

static const char *baseline_path;
static char temp_path[256];
static char *baseline_info, *baseline_probe;

static const char *probe_request = "{\"reading\":\"わたしのなまえはなかのです\",\"alternatives\":3}";

static char *take(char *answer) {
    HARNESS_CHECK(answer != NULL, "an export returned NULL (a panic was caught)");
    return conversion_take(answer);
}

static void load_baseline(void) {
    char *answer = take(rust_load_dictionary(baseline_path));
    HARNESS_CHECK(strstr(answer, "\"loaded\":true"), "the tiny dictionary %s does not load: %s", baseline_path, answer);
    free(answer);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *env = getenv("CYRILLIC_IME_FUZZ_DICTIONARY");
    baseline_path = env && *env ? env : TINY_DICTIONARY;
    HARNESS_CHECK(*baseline_path, "no baseline dictionary: build with -DTINY_DICTIONARY or set CYRILLIC_IME_FUZZ_DICTIONARY");
    /* The harness's copy of the header layout and checksum must match the core's. */
    size_t size;
    uint8_t *file = (uint8_t *)harness_read_file(baseline_path, &size);
    HARNESS_CHECK(size >= DICT_HEADER_LEN && file[DICT_FIELD_HEADER_LEN] == DICT_HEADER_LEN % 256 &&
                      dict_read_u64(file + DICT_FIELD_FILE_LEN) == size &&
                      dict_read_u64(file + DICT_FIELD_CHECKSUM) == dict_checksum(file + DICT_CHECKED_FROM, size - DICT_CHECKED_FROM),
                  "the harness's header layout or checksum no longer matches the dictionary format");
    free(file);
    snprintf(temp_path, sizeof temp_path, "/tmp/fuzz_dictionary_%ld.cimedic", (long)getpid());
    load_baseline();
    baseline_info = take(rust_dictionary_info());
    baseline_probe = take(rust_convert(probe_request));
    HARNESS_CHECK(check_conversion(baseline_probe, NULL, 9, 3, NULL, 0), "the probe does not convert: %s", baseline_probe);
    return 0;
}

/* Readings tried on an accepted dictionary, besides one made from the input. */
static const char *readings[] = {"わたしのなまえはなかのです", "ありがとう", "テレビは１２３、😀", "はしa", "", "つきー"};

static void exercise(const uint8_t *data, size_t size) {
    char request[1024];
    for (size_t i = 0; i < sizeof readings / sizeof *readings; i++) {
        snprintf(request, sizeof request, "{\"reading\":\"%s\",\"candidates\":5,\"alternatives\":3}", readings[i]);
        char *answer = take(rust_convert(request));
        HARNESS_CHECK(check_conversion(answer, readings[i], 5, 3, NULL, 0), "%s did not convert: %s", readings[i], answer);
        free(answer);
        snprintf(request, sizeof request, "{\"reading\":\"%s\",\"limit\":5}", readings[i]);
        answer = take(rust_predict(request));
        HARNESS_CHECK(check_predictions(answer, readings[i], 5), "predicting %s failed: %s", readings[i], answer);
        free(answer);
    }
    /* A reading from the input's first bytes: hiragana of the tiny dictionary's readings. */
    static const char *kana[] = {"わ", "た", "し", "の", "な", "ま", "え", "は", "か", "で", "す", "つ", "き", "い", "あ", "り"};
    hstr reading = {0};
    hstr_reserve(&reading, 0);
    for (size_t i = 0; i < size && i < 24; i++) hstr_append_cstr(&reading, kana[data[i] % 16]);
    size_t len = scalar_count(reading.data, reading.len);
    snprintf(request, sizeof request, "{\"reading\":\"%s\",\"candidates\":9,\"alternatives\":5}", reading.data);
    char *answer = take(rust_convert(request));
    HARNESS_CHECK(check_conversion(answer, reading.data, 9, 5, NULL, 0), "%s did not convert: %s", reading.data, answer);
    free(answer);
    if (len >= 2) {
        size_t lengths[2] = {1, len - 1};
        snprintf(request, sizeof request, "{\"reading\":\"%s\",\"segments\":[1,%zu],\"index\":0,\"delta\":1}", reading.data, len - 1);
        answer = take(rust_resize_segment(request));
        lengths[0] = 2;
        HARNESS_CHECK(check_conversion(answer, reading.data, 9, 0, lengths, 1), "resize failed: %s", answer);
        free(answer);
        snprintf(request, sizeof request, "{\"reading\":\"%s\",\"segments\":[1,%zu],\"index\":0}", reading.data, len - 1);
        answer = take(rust_segment_candidates(request));
        char first[8] = {0};
        memcpy(first, reading.data, 3); /* the first kana: 3 bytes */
        HARNESS_CHECK(check_segment_candidates(answer, first, 9), "candidates failed: %s", answer);
        free(answer);
    }
    hstr_free(&reading);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    uint8_t mode = data[0];
    size_t n = size - 1;
    uint8_t *file = malloc(n ? n : 1);
    if (n) memcpy(file, data + 1, n);
    if ((mode & 1) && n >= DICT_HEADER_LEN) dict_reseal(file, n);
    /* A new file each time: an old mapping never sees its file change. */
    unlink(temp_path);
    FILE *f = fopen(temp_path, "wb");
    HARNESS_CHECK(f && fwrite(file, 1, n, f) == n && fclose(f) == 0, "cannot write %s", temp_path);

    char *answer = take(rust_load_dictionary(temp_path));
    jvalue root;
    if (answer_parse(answer, &root, "rust_load_dictionary")) {
        const jvalue *message = json_member(&root, "error");
        char prefix[300];
        snprintf(prefix, sizeof prefix, "dictionary %s: ", temp_path);
        HARNESS_CHECK(!strncmp(message->text.data, prefix, strlen(prefix)) && message->text.len > strlen(prefix),
                      "the error does not name the file and a problem: %s", answer);
        HARNESS_CHECK(json_member(&root, "reading")->text.len == 0, "a load error with a reading: %s", answer);
        char *info = take(rust_dictionary_info());
        HARNESS_CHECK(!strcmp(info, baseline_info), "a failed load changed the dictionary: %s", info);
        free(info);
    } else {
        const jvalue *loaded = json_member(&root, "loaded"), *path = json_member(&root, "path"), *bytes = json_member(&root, "bytes");
        HARNESS_CHECK(loaded && loaded->kind == J_BOOL && strstr(answer, "\"loaded\":true") && jstring_is(path) &&
                          !strcmp(path->text.data, temp_path) && bytes && bytes->kind == J_NUMBER,
                      "an accepted file is described wrongly: %s", answer);
        char expected_bytes[32];
        snprintf(expected_bytes, sizeof expected_bytes, "\"bytes\":%zu,", n);
        HARNESS_CHECK(strstr(answer, expected_bytes), "wrong size in %s", answer);
        char *info = take(rust_dictionary_info());
        HARNESS_CHECK(!strcmp(info, answer), "rust_dictionary_info differs from the load answer: %s", info);
        free(info);
        exercise(data + 1, n);
        load_baseline();
        char *again = take(rust_dictionary_info());
        HARNESS_CHECK(!strcmp(again, baseline_info), "the tiny dictionary reloads differently: %s", again);
        free(again);
    }
    jfree(&root);
    char *probe = take(rust_convert(probe_request));
    HARNESS_CHECK(!strcmp(probe, baseline_probe), "the tiny dictionary converts differently: %s", probe);
    free(probe);
    free(answer);
    free(file);
    unlink(temp_path);
    return 0;
}
