/*
 * Compiled with -Werror against include/ and linked to the built Rust library
 * (scripts/check_abi.sh): proves a C caller sees the functions the header declares,
 * with the declared types, and that they behave as documented.
 */
#define _POSIX_C_SOURCE 200809L
#include "cyrillic_ime_core.h"
#include "cyrillic_ime_core_testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Assigning each function to a pointer of the exact documented type fails to compile
 * if the header drifts. */
static bool (*const init_fn)(const char *, const char *) = rust_init_engine;
static char *(*const process_fn)(const char *, const char *, const char *) = rust_process_key;
static void (*const free_fn)(char *) = rust_free_string;
static char *(*const last_error_fn)(void) = rust_last_init_error;
static char *(*const profiles_fn)(void) = rust_profiles_json;
static char *(*const dakuten_fn)(const char *) = rust_cycle_dakuten;
static uint32_t (*const version_fn)(void) = rust_abi_version;
static char *(*const panic_fn)(bool) = rust_test_panic;
static char *(*const load_dictionary_fn)(const char *) = rust_load_dictionary;
static char *(*const dictionary_info_fn)(void) = rust_dictionary_info;
static char *(*const convert_fn)(const char *) = rust_convert;
static char *(*const resize_fn)(const char *) = rust_resize_segment;
static char *(*const candidates_fn)(const char *) = rust_segment_candidates;
static char *(*const predict_fn)(const char *) = rust_predict;
static char *(*const open_store_fn)(const char *) = rust_open_user_store;
static char *(*const close_store_fn)(void) = rust_close_user_store;
static char *(*const learn_fn)(const char *) = rust_learn;
static char *(*const user_words_fn)(const char *) = rust_user_words;
static char *(*const forget_fn)(const char *) = rust_forget;
static char *(*const store_info_fn)(void) = rust_user_store_info;
static char *(*const core_version_fn)(void) = rust_core_version;

static int failures = 0;

static void check(int condition, const char *what) {
    if (!condition) {
        fprintf(stderr, "abi_check: FAILED: %s\n", what);
        failures++;
    }
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "abi_check: cannot open %s\n", path);
        exit(2);
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

/* Calls rust_process_key and checks the JSON contains `expected`. */
static void expect_key(const char *key, const char *buffer, const char *profile, const char *expected) {
    char *result = process_fn(key, buffer, profile);
    check(result != NULL, "rust_process_key returned NULL without a panic");
    if (result) {
        if (!strstr(result, expected)) {
            fprintf(stderr, "abi_check: key %s buffer %s: %s lacks %s\n", key, buffer, result, expected);
            failures++;
        }
        free_fn(result);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: abi_check PROFILES_JSON KANA_ENGINE_JSON\n");
        return 2;
    }
    char *profiles = read_file(argv[1]);
    char *kana = read_file(argv[2]);

    check(version_fn() == CYRILLIC_IME_CORE_ABI_VERSION, "ABI version matches the header");
    char *core_version = core_version_fn();
    check(core_version && strchr(core_version, '.') && strlen(core_version) >= 5, "the core names its package version");
    free_fn(core_version);
    expect_key("а", "к", "rus_standard", "\"engine not initialised");
    check(init_fn(profiles, kana), "init with the bundled data");
    char *error = last_error_fn();
    check(error && error[0] == '\0', "no init error after success");
    free_fn(error);

    expect_key("а", "к", "rus_standard", "{\"output\":\"か\",\"buffer\":\"\",\"action\":\"commit\"}");
    expect_key("к", "", "rus_standard", "\"action\":\"compose\"");
    expect_key("{backspace}", "", "rus_standard", "\"action\":\"delete_backward\"");
    expect_key("а", "к", "nope", "\"action\":\"error\"");
    expect_key("а", NULL, "rus_standard", "\"error\":\"buffer is NULL\"");

    check(!init_fn("{\"version\": 1}", kana), "a broken profiles.json is rejected");
    error = last_error_fn();
    check(error && strstr(error, "profiles.json: $: missing required field \"profiles\""), "init error names file and path");
    free_fn(error);
    expect_key("а", "к", "rus_standard", "\"output\":\"か\"");

    expect_key("а", "к", "rus_standard:katakana", "\"output\":\"カ\"");
    char *cycled = dakuten_fn("は");
    check(cycled && strcmp(cycled, "{\"output\":\"ば\",\"action\":\"replace\"}") == 0, "dakuten cycles は to ば");
    free_fn(cycled);

    char *list = profiles_fn();
    check(list && strstr(list, "\"id\":\"rus_standard\""), "profiles JSON lists rus_standard");
    free_fn(list);

    check(panic_fn(false) == NULL, "a caught panic returns NULL");
    check(panic_fn(true) == NULL, "a panic holding the engine lock returns NULL");
    expect_key("а", "к", "rus_standard", "\"output\":\"か\"");
    free_fn(NULL);

    /* Conversion without a dictionary: every request fails with the reading to commit. */
    char *info = dictionary_info_fn();
    check(info && strcmp(info, "{\"loaded\":false}") == 0, "no dictionary loaded at start");
    free_fn(info);
    char *loaded = load_dictionary_fn("/nonexistent/dictionary.cimedic");
    check(loaded && strstr(loaded, "\"error\":\"dictionary /nonexistent/dictionary.cimedic: cannot open"), "a missing dictionary is named in the error");
    free_fn(loaded);
    char *(*const requests[])(const char *) = {convert_fn, resize_fn, candidates_fn, predict_fn};
    for (size_t i = 0; i < sizeof requests / sizeof *requests; i++) {
        char *result = requests[i]("{\"reading\":\"きょう\"}");
        check(result && strstr(result, "\"error\":\"no dictionary loaded") && strstr(result, "\"reading\":\"きょう\""), "a request without a dictionary gives back its reading");
        free_fn(result);
        result = requests[i](NULL);
        check(result && strstr(result, "\"error\":\"request is NULL\""), "a NULL request is an error");
        free_fn(result);
    }

    /* The user store: errors without one, then a store in a fresh directory. */
    char *(*const store_requests[])(const char *) = {learn_fn, user_words_fn, forget_fn};
    for (size_t i = 0; i < sizeof store_requests / sizeof *store_requests; i++) {
        char *result = store_requests[i]("{\"all\":true}");
        check(result && strstr(result, "\"error\":\"no user store open"), "a store request without a store is an error");
        free_fn(result);
        result = store_requests[i](NULL);
        check(result && strstr(result, "\"error\":\"request is NULL\""), "a NULL store request is an error");
        free_fn(result);
    }
    char *opened = open_store_fn(NULL);
    check(opened && strstr(opened, "\"error\":\"user store: directory is NULL\""), "a NULL directory is an error");
    free_fn(opened);
    char directory[] = "/tmp/abi_check_store_XXXXXX";
    check(mkdtemp(directory) != NULL, "a temporary directory for the user store");
    opened = open_store_fn(directory);
    check(opened && strstr(opened, "\"opened\":true") && strstr(opened, "\"persistent\":true") && strstr(opened, "\"learned\":0,\"words\":0"), "a fresh user store opens empty");
    free_fn(opened);
    char *words = user_words_fn("{\"action\":\"add\",\"reading\":\"きょう\",\"text\":\"京\"}");
    check(words && strstr(words, "\"words\":[{\"reading\":\"きょう\",\"text\":\"京\",\"class\":\"noun\"}],\"saved\":true"), "a user word is added and saved");
    free_fn(words);
    words = user_words_fn("{\"action\":\"add\",\"reading\":\"kyo\",\"text\":\"京\"}");
    check(words && strstr(words, "\"error\":\"$reading must be kana"), "a user word's reading must be kana");
    free_fn(words);
    char *learned = learn_fn("{\"reading\":\"きょうは\",\"segments\":[{\"reading\":\"きょうは\",\"text\":\"京は\"}]}");
    check(learned && strstr(learned, "{\"learned\":true,\"saved\":true"), "a commit is learned and saved");
    free_fn(learned);
    char *store_info = store_info_fn();
    check(store_info && strstr(store_info, "\"opened\":true") && strstr(store_info, "\"learned\":2,\"words\":1"), "the store's description follows the changes");
    free_fn(store_info);
    char *forgotten = forget_fn("{\"reading\":\"きょうは\",\"text\":\"京は\"}");
    check(forgotten && strstr(forgotten, "{\"forgotten\":2,"), "forgetting a choice removes its segment and its phrase");
    free_fn(forgotten);
    forgotten = forget_fn("{\"reading\":\"きょうは\"}");
    check(forgotten && strstr(forgotten, "{\"forgotten\":0,"), "forgetting a reading with nothing learned removes nothing");
    free_fn(forgotten);
    char *closed = close_store_fn();
    check(closed && strcmp(closed, "{\"closed\":true}") == 0, "the store closes");
    free_fn(closed);
    store_info = store_info_fn();
    check(store_info && strcmp(store_info, "{\"opened\":false}") == 0, "no store: its description says so");
    free_fn(store_info);
    char path[128];
    const char *files[] = {"learning.cime", "words.cime"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", directory, files[i]);
        FILE *f = fopen(path, "r");
        check(f != NULL, "the store's files exist");
        if (f) fclose(f);
        remove(path);
    }
    remove(directory);

    free(profiles);
    free(kana);
    if (failures) {
        fprintf(stderr, "abi_check: %d check(s) failed\n", failures);
        return 1;
    }
    printf("abi_check: all checks passed\n");
    return 0;
}
