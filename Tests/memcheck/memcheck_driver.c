/*
 * Drives every kind of C ABI call many times, for valgrind memcheck (scripts/memcheck.sh):
 * key processing on valid, invalid-UTF-8, NULL, oversized and unknown-profile input,
 * freeing every result, successful reloads alternating between two different engines,
 * failed inits (broken JSON, invalid data, NULL, invalid UTF-8), rust_last_init_error,
 * rust_cycle_dakuten, rust_profiles_json, rust_abi_version, rust_free_string(NULL), caught
 * panics (with and without poisoning the engine lock), and short-lived threads whose
 * per-thread init error must be freed when they exit.
 *
 * With MEMCHECK_DICTIONARY and MEMCHECK_OTHER_DICTIONARY set (two compiled dictionaries:
 * the tiny test dictionary and its companion, written by rust_core/examples/tiny_dictionary.rs),
 * also the conversion exports: convert (with fixed segments and alternatives), resize,
 * segment candidates and predict on good, bad, NULL, invalid-UTF-8 and over-limit requests,
 * before any dictionary and after, rust_dictionary_info, successful loads alternating
 * between the two dictionaries, and failed loads (missing, empty, truncated, damaged,
 * foreign files, NULL) that must leave the loaded one in place; with
 * MEMCHECK_REAL_DICTIONARY set (the compiled Mozc dictionary), a few conversions on it too.
 * Also then the user store's exports: opening (a fresh directory, a location that cannot be
 * written, bad arguments), learning and seeing it in a conversion, user words added, listed
 * and removed, forgetting one choice and everything, closing, bad requests.
 *
 * Usage: memcheck_driver PROFILES_JSON KANA_ENGINE_JSON [CALLS]   (CALLS defaults to 100000)
 * Prints the number of ABI calls made per function. Exits non-zero if an answer is wrong.
 */
#include "cyrillic_ime_core.h"
#include "cyrillic_ime_core_testing.h"
#include "../../fuzz/c/harness.h"
#include "../../fuzz/c/conversion_checks.h"

#include <pthread.h>
#include <unistd.h>

enum {
    F_PROCESS, F_FREE, F_INIT_OK, F_INIT_FAIL, F_LAST_ERROR, F_DAKUTEN, F_PROFILES, F_VERSION, F_PANIC,
    F_LOAD_OK, F_LOAD_FAIL, F_DICT_INFO, F_CONVERT, F_RESIZE, F_CANDIDATES, F_PREDICT, F_USER, F_COUNT
};
static const char *names[F_COUNT] = {"rust_process_key", "rust_free_string", "rust_init_engine (accepted)",
                                     "rust_init_engine (rejected)", "rust_last_init_error", "rust_cycle_dakuten",
                                     "rust_profiles_json", "rust_abi_version, rust_core_version", "rust_test_panic",
                                     "rust_load_dictionary (accepted)", "rust_load_dictionary (rejected)",
                                     "rust_dictionary_info", "rust_convert", "rust_resize_segment",
                                     "rust_segment_candidates", "rust_predict", "user store exports"};
static unsigned long calls[F_COUNT];
static unsigned long total(void) {
    unsigned long sum = 0;
    for (int i = 0; i < F_COUNT; i++) sum += calls[i];
    return sum;
}

static void release(char *p) {
    calls[F_FREE]++;
    rust_free_string(p);
}

/* Calls rust_process_key, checks the answer contains `expected`, frees it. */
static void key(const char *k, const char *buffer, const char *profile, const char *expected) {
    calls[F_PROCESS]++;
    char *r = rust_process_key(k, buffer, profile);
    HARNESS_CHECK(r != NULL, "rust_process_key returned NULL");
    HARNESS_CHECK(strstr(r, expected), "key %s buffer %s profile %s: %s lacks %s", k ? k : "NULL", buffer ? buffer : "NULL",
                  profile ? profile : "NULL", r, expected);
    release(r);
}

static char *engine_a_profiles, *engine_b_profiles, *kana;

static void *thread_body(void *arg) {
    (void)arg;
    /* A failed init leaves a message in this thread's slot; the thread exits without reading it. */
    HARNESS_CHECK(!rust_init_engine("{", kana), "broken init accepted");
    char *e = rust_last_init_error();
    HARNESS_CHECK(e && strstr(e, "invalid JSON"), "thread init error");
    rust_free_string(e);
    HARNESS_CHECK(!rust_init_engine("[", kana), "broken init accepted");
    return NULL;
}


/* ---------- conversion ---------- */

static const char *tiny_path, *other_path;
static char bad_paths[6][256];
static const char *bad_needles[6] = {"cannot open", "file is 0 bytes", "truncated", "checksum mismatch", "bad magic number", ""};

/* Calls a conversion export, counts it, copies and frees the answer. */
static char *conv(int which, const char *request) {
    calls[which]++;
    char *answer;
    switch (which) {
    case F_CONVERT: answer = rust_convert(request); break;
    case F_RESIZE: answer = rust_resize_segment(request); break;
    case F_CANDIDATES: answer = rust_segment_candidates(request); break;
    default: answer = rust_predict(request); break;
    }
    HARNESS_CHECK(answer != NULL, "conversion export returned NULL for %s", request ? request : "NULL");
    char *copy = harness_strdup(answer);
    release(answer);
    return copy;
}

static void expect_in(char *answer, const char *needle, const char *what) {
    HARNESS_CHECK(strstr(answer, needle), "%s: %s lacks %s", what, answer, needle);
    free(answer);
}

static void load_ok(const char *path, const char *source) {
    calls[F_LOAD_OK]++;
    char *answer = rust_load_dictionary(path);
    HARNESS_CHECK(answer && strstr(answer, "\"loaded\":true") && strstr(answer, source), "load %s: %s", path, answer ? answer : "NULL");
    release(answer);
}

static void write_bytes(const char *path, const void *bytes, size_t n) {
    FILE *f = fopen(path, "wb");
    HARNESS_CHECK(f && fwrite(bytes, 1, n, f) == n && fclose(f) == 0, "cannot write %s", path);
}

/* Bad dictionary files next to the good ones: missing, empty, truncated, damaged, foreign, a directory. */
static void make_bad_files(void) {
    size_t n;
    char *tiny = harness_read_file(tiny_path, &n);
    for (int i = 0; i < 6; i++) snprintf(bad_paths[i], sizeof bad_paths[i], "/tmp/memcheck_%ld_bad%d.cimedic", (long)getpid(), i);
    write_bytes(bad_paths[1], "", 0);
    write_bytes(bad_paths[2], tiny, n / 2);
    tiny[n - 3] ^= 0x40;
    write_bytes(bad_paths[3], tiny, n);
    char foreign[512];
    memset(foreign, '#', sizeof foreign);
    write_bytes(bad_paths[4], foreign, sizeof foreign);
    snprintf(bad_paths[5], sizeof bad_paths[5], "/tmp");
    free(tiny);
}

static void remove_bad_files(void) {
    for (int i = 1; i < 5; i++) unlink(bad_paths[i]);
}

static const char *sentence = "わたしのなまえはなかのです";

/* One round of conversion calls against the tiny dictionary (or the other one). */
static void conversion_round(bool on_other, char *long_request) {
    char *a;
    a = conv(F_CONVERT, "{\"reading\":\"わたしのなまえはなかのです\",\"alternatives\":3}");
    HARNESS_CHECK(check_conversion(a, sentence, 9, 3, NULL, 0), "convert: %s", a);
    expect_in(a, on_other ? "\"alternatives\":[\"わたしのなまえは仲のです\"" : "\"alternatives\":[\"私の名前は中野です\"", "convert");
    size_t fixed[2] = {2, 2};
    a = conv(F_CONVERT, "{\"reading\":\"わたしのなまえはなかのです\",\"fixed\":[2,2],\"candidates\":3}");
    HARNESS_CHECK(check_conversion(a, sentence, 3, 0, fixed, 2), "convert fixed: %s", a);
    free(a);
    size_t resized[1] = {3};
    a = conv(F_RESIZE, "{\"reading\":\"わたしのなまえはなかのです\",\"segments\":[4,4,5],\"index\":0,\"delta\":-1}");
    HARNESS_CHECK(check_conversion(a, sentence, 9, 0, resized, 1), "resize: %s", a);
    free(a);
    a = conv(F_CANDIDATES, "{\"reading\":\"はし\",\"segments\":[2],\"index\":0,\"limit\":2}");
    HARNESS_CHECK(check_segment_candidates(a, "はし", 2), "candidates: %s", a);
    /* Two words, then the rewriters' emoji (chopsticks), then the script forms. */
    expect_in(a, on_other ? "\"candidates\":[\"はし\",\"🥢\",\"ハシ\",\"ﾊｼ\"]" : "\"candidates\":[\"箸\",\"橋\",\"🥢\",\"はし\",\"ハシ\",\"ﾊｼ\"]", "candidates");
    a = conv(F_PREDICT, "{\"reading\":\"ありがと\"}");
    HARNESS_CHECK(check_predictions(a, "ありがと", 9), "predict: %s", a);
    expect_in(a, on_other ? "{\"predictions\":[]}" : "\"text\":\"ありがとう\"", "predict");
    /* In context (issue 17): history, the text before the cursor, next words, a bad member. */
    a = conv(F_CONVERT, "{\"reading\":\"は\",\"context\":{\"segments\":[{\"reading\":\"わたし\",\"text\":\"私\",\"left_id\":1,\"right_id\":1}]}}");
    expect_in(a, on_other ? "\"reading\":\"は\"" : "\"candidates\":[\"は\"", "convert after history");
    a = conv(F_CONVERT, "{\"reading\":\"なかの\",\"boundaries\":[2],\"context\":{\"text\":\"😀私\"}}");
    expect_in(a, on_other ? "\"reading\":\"なかの\"" : "\"segments\"", "convert after text, with a boundary");
    a = conv(F_PREDICT, "{\"reading\":\"\",\"context\":{\"text\":\"私\"}}");
    expect_in(a, "{\"predictions\":[", "next words");
    expect_in(conv(F_CONVERT, "{\"reading\":\"か\",\"context\":{\"text\":1}}"), "$context.text must be a string", "bad context");
    /* Bad requests: every one an error answer that gives the reading back. */
    expect_in(conv(F_CONVERT, NULL), "request is NULL", "NULL convert");
    expect_in(conv(F_PREDICT, "{\"reading\":\"\xff\"}"), "not valid UTF-8", "invalid UTF-8 predict");
    expect_in(conv(F_RESIZE, "{\"reading\":\"か\""), "resize request: ", "broken JSON");
    expect_in(conv(F_CONVERT, "{\"reading\":\"か\",\"bogus\":1}"), "\"reading\":\"か\"", "unknown field");
    expect_in(conv(F_CANDIDATES, "{\"reading\":\"かな\",\"segments\":[1],\"index\":0}"), "do not add up", "bad lengths");
    expect_in(conv(F_CONVERT, long_request), "over the limit of 256", "long reading");
}

static void failed_loads(const char *source_info) {
    for (int i = 0; i < 6; i++) {
        calls[F_LOAD_FAIL]++;
        char *answer = rust_load_dictionary(bad_paths[i]);
        HARNESS_CHECK(answer && strstr(answer, "\"error\":\"dictionary ") && strstr(answer, bad_needles[i]), "bad load %s: %s",
                      bad_paths[i], answer ? answer : "NULL");
        release(answer);
    }
    calls[F_LOAD_FAIL]++;
    char *answer = rust_load_dictionary(NULL);
    HARNESS_CHECK(answer && strstr(answer, "path is NULL"), "NULL load");
    release(answer);
    calls[F_DICT_INFO]++;
    char *info = rust_dictionary_info();
    HARNESS_CHECK(info && strstr(info, source_info), "a failed load changed the dictionary: %s", info ? info : "NULL");
    release(info);
}

/* A few conversions on the compiled Mozc dictionary, if given. */
static void real_dictionary(const char *path) {
    load_ok(path, "\"loaded\":true");
    char *a = conv(F_CONVERT, "{\"reading\":\"きょうはいいてんきですね\",\"alternatives\":5}");
    HARNESS_CHECK(check_conversion(a, "きょうはいいてんきですね", 9, 5, NULL, 0), "real convert: %s", a);
    expect_in(a, "\"alternatives\":[\"今日はいい天気ですね\"", "real convert");
    a = conv(F_RESIZE, "{\"reading\":\"わたしのなまえはなかのです\",\"segments\":[4,4,5],\"index\":1,\"delta\":1}");
    HARNESS_CHECK(check_conversion(a, sentence, 9, 0, NULL, 0), "real resize: %s", a);
    free(a);
    a = conv(F_PREDICT, "{\"reading\":\"ありがと\"}");
    HARNESS_CHECK(check_predictions(a, "ありがと", 9), "real predict: %s", a);
    expect_in(a, "\"text\":\"ありがとう\"", "real predict");
}

/* ---------- the user store ---------- */

static char store_dir[64];

static char *user(char *(*export)(const char *), const char *request) {
    calls[F_USER]++;
    char *answer = export(request);
    HARNESS_CHECK(answer != NULL, "user store export returned NULL for %s", request ? request : "NULL");
    char *copy = harness_strdup(answer);
    release(answer);
    return copy;
}

static void user_round(unsigned long round) {
    static const char invalid[] = {'{', (char)0xff, '}', 0};
    if (round % 5 == 0) {
        /* Reopen: a location under a regular file (in memory only), then the real one. */
        expect_in(user(rust_open_user_store, "/proc/self/status/store"), "\"persistent\":false", "unwritable store");
        expect_in(user(rust_open_user_store, NULL), "directory is NULL", "NULL directory");
        expect_in(user(rust_open_user_store, invalid), "not valid UTF-8", "invalid directory");
        expect_in(user(rust_open_user_store, store_dir), "\"persistent\":true", "store reopened");
    }
    expect_in(user(rust_learn, "{\"reading\":\"はし\",\"segments\":[{\"reading\":\"はし\",\"text\":\"橋\"}]}"), "\"learned\":true", "learn");
    expect_in(conv(F_CONVERT, "{\"reading\":\"はし\"}"), "\"candidates\":[\"橋\"", "learned choice first");
    expect_in(user(rust_user_words, "{\"action\":\"add\",\"reading\":\"ぬこ\",\"text\":\"猫\"}"), "\"text\":\"猫\"", "add word");
    expect_in(conv(F_PREDICT, "{\"reading\":\"ぬ\"}"), "猫", "user word predicted");
    expect_in(user(rust_user_words, "{\"action\":\"list\"}"), "\"words\":[", "list words");
    expect_in(user(rust_user_words, "{\"action\":\"remove\",\"reading\":\"ぬこ\",\"text\":\"猫\"}"), "\"words\":[]", "remove word");
    calls[F_USER]++;
    char *info = rust_user_store_info();
    HARNESS_CHECK(info && strstr(info, "\"opened\":true") && strstr(info, "\"words\":0"), "store info: %s", info ? info : "NULL");
    release(info);
    expect_in(user(rust_forget, "{\"reading\":\"はし\",\"text\":\"橋\"}"), "\"forgotten\":", "forget one");
    expect_in(user(rust_forget, "{\"reading\":\"ハシ\"}"), "\"forgotten\":", "forget a reading");
    expect_in(user(rust_forget, "{\"all\":true,\"words\":true}"), "\"forgotten\":", "forget all");
    expect_in(user(rust_learn, NULL), "request is NULL", "NULL learn");
    expect_in(user(rust_user_words, invalid), "not valid UTF-8", "invalid words request");
    expect_in(user(rust_forget, "{\"all\":1}"), "\"error\"", "bad forget");
    expect_in(user(rust_learn, "{\"reading\":\"は\",\"segments\":[{\"reading\":\"し\",\"text\":\"x\"}]}"), "join to", "bad learn");
    if (round % 7 == 0) {
        calls[F_USER]++;
        char *closed = rust_close_user_store();
        HARNESS_CHECK(closed && strstr(closed, "\"closed\":true"), "close");
        release(closed);
        expect_in(user(rust_learn, "{}"), "no user store open", "learn without a store");
        expect_in(user(rust_open_user_store, store_dir), "\"opened\":true", "store opened again");
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: memcheck_driver PROFILES_JSON KANA_ENGINE_JSON [CALLS]\n");
        return 2;
    }
    engine_a_profiles = harness_read_file(argv[1], NULL);
    kana = harness_read_file(argv[2], NULL);
    unsigned long target = argc > 3 ? strtoul(argv[3], NULL, 10) : 100000;

    /* Engine B differs from A: ка converts to が. */
    const char *from = "\"ка\": \"ka\"";
    char *at = strstr(engine_a_profiles, from);
    HARNESS_CHECK(at != NULL, "profiles.json has no \"ка\": \"ka\" rule");
    size_t len = strlen(engine_a_profiles);
    engine_b_profiles = malloc(len + 1);
    memcpy(engine_b_profiles, engine_a_profiles, len + 1);
    memcpy(engine_b_profiles + (at - engine_a_profiles) + strlen(from) - 3, "ga\"", 3);

    tiny_path = getenv("MEMCHECK_DICTIONARY");
    other_path = getenv("MEMCHECK_OTHER_DICTIONARY");
    bool conversion = tiny_path && *tiny_path && other_path && *other_path;
    char *long_request = malloc(2000);
    strcpy(long_request, "{\"reading\":\"");
    for (int i = 0; i < 257; i++) strcat(long_request, "か");
    strcat(long_request, "\"}");
    if (conversion) {
        make_bad_files();
        /* Before any dictionary: errors that give the reading back, not crashes. */
        calls[F_DICT_INFO]++;
        char *info = rust_dictionary_info();
        HARNESS_CHECK(info && !strcmp(info, "{\"loaded\":false}"), "info before loading");
        release(info);
        expect_in(conv(F_CONVERT, "{\"reading\":\"か\"}"), "no dictionary loaded", "convert before loading");
        expect_in(conv(F_PREDICT, "{\"reading\":\"か\"}"), "\"reading\":\"か\"", "predict before loading");
        failed_loads("\"loaded\":false");
        load_ok(tiny_path, "tiny test dictionary");
        snprintf(store_dir, sizeof store_dir, "/tmp/memcheck_store_%ld", (long)getpid());
        expect_in(user(rust_open_user_store, store_dir), "\"opened\":true", "store opened");
    }

    /* Before any engine: errors, not crashes. */
    key("а", "к", "rus_standard", "engine not initialised");
    calls[F_PROFILES]++;
    release(rust_profiles_json());
    calls[F_INIT_OK]++;
    HARNESS_CHECK(rust_init_engine(engine_a_profiles, kana), "engine A rejected");

    static const char invalid_utf8[] = {'a', (char)0xff, 'b', 0};
    char long_key[400], long_buffer[400];
    memset(long_key, 'x', sizeof long_key - 1);
    long_key[sizeof long_key - 1] = 0;
    memset(long_buffer, 'y', sizeof long_buffer - 1);
    long_buffer[sizeof long_buffer - 1] = 0;

    bool on_b = false, on_other = false;
    unsigned long round = 0;
    while (total() < target) {
        round++;
        const char *ka = on_b ? "\"output\":\"が\"" : "\"output\":\"か\"";
        key("а", "к", "rus_standard", ka);
        key("к", "", "rus_standard", "\"action\":\"compose\"");
        key("а", "кк", "rus_standard:katakana", on_b ? "ッガ" : "ッカ");
        key("{backspace}", "дз", "rus_standard", "\"buffer\":\"д\"");
        key("{backspace}", "", "rus_standard", "delete_backward");
        key("{flush}", "н", "rus_standard", "ん");
        key("{space}", "н", "rus_standard", "ん ");
        key("Хоккайдо:", "", "rus_standard", on_b ? "ほっがいどー" : "ほっかいどー");
        key("5😀", "к", "rus_standard", "к5😀");
        key(invalid_utf8, "к", "rus_standard", "key is not valid UTF-8");
        key("а", invalid_utf8, "rus_standard", "buffer is not valid UTF-8");
        key(NULL, "к", "rus_standard", "key is NULL");
        key("а", NULL, "rus_standard", "buffer is NULL");
        key("а", "к", NULL, "profile_id is NULL");
        key(long_key, "", "rus_standard", "over the limit of 256 bytes");
        key("а", long_buffer, "rus_standard", "over the limit of 256 bytes");
        key("а", "к", "klingon", "unknown profile id");
        key("а", "к", "rus_standard:cursive", "unknown script");
        calls[F_DAKUTEN] += 3;
        char *d = rust_cycle_dakuten("は");
        HARNESS_CHECK(d && strstr(d, "ば"), "dakuten は");
        release(d);
        release(rust_cycle_dakuten("ん"));
        release(rust_cycle_dakuten(NULL));
        calls[F_VERSION] += 2;
        HARNESS_CHECK(rust_abi_version() == CYRILLIC_IME_CORE_ABI_VERSION, "ABI version");
        char *core_version = rust_core_version();
        HARNESS_CHECK(core_version && strchr(core_version, '.'), "core version");
        release(core_version);
        release(NULL);

        if (round % 10 == 0) {
            calls[F_PROFILES]++;
            char *p = rust_profiles_json();
            HARNESS_CHECK(p && strstr(p, "\"id\":\"rus_standard\""), "profiles json");
            release(p);
            calls[F_LAST_ERROR]++;
            release(rust_last_init_error());
        }
        if (round % 10 == 0) {
            /* Failed inits of every kind; the running engine stays. */
            calls[F_INIT_FAIL] += 5;
            HARNESS_CHECK(!rust_init_engine("{", kana), "broken JSON accepted");
            HARNESS_CHECK(!rust_init_engine("{\"version\": 1}", kana), "missing profiles accepted");
            HARNESS_CHECK(!rust_init_engine(engine_a_profiles, "{\"version\": 1, \"kana\": {}}"), "empty inventory accepted");
            HARNESS_CHECK(!rust_init_engine(NULL, kana), "NULL accepted");
            HARNESS_CHECK(!rust_init_engine(invalid_utf8, kana), "invalid UTF-8 accepted");
            calls[F_LAST_ERROR]++;
            char *e = rust_last_init_error();
            HARNESS_CHECK(e && strstr(e, "not valid UTF-8"), "last init error: %s", e ? e : "NULL");
            release(e);
            key("а", "к", "rus_standard", ka);
            /* Reload: alternate between the two different engines. */
            on_b = !on_b;
            calls[F_INIT_OK]++;
            HARNESS_CHECK(rust_init_engine(on_b ? engine_b_profiles : engine_a_profiles, kana), "reload rejected");
            key("а", "к", "rus_standard", on_b ? "\"output\":\"が\"" : "\"output\":\"か\"");
        }
        /* Every other round: a conversion costs valgrind far more than a key. */
        if (conversion && round % 4 == 0) conversion_round(on_other, long_request);
        if (conversion && round % 8 == 0 && !on_other) user_round(round / 8);
        if (conversion && round % 10 == 0) {
            /* Failed loads of every kind leave the loaded dictionary; then switch dictionaries. */
            failed_loads(on_other ? "other test dictionary" : "tiny test dictionary");
            load_ok(on_other ? tiny_path : other_path, on_other ? "tiny test dictionary" : "other test dictionary");
            on_other = !on_other;
        }
        if (round % 100 == 0) {
            calls[F_PANIC] += 2;
            HARNESS_CHECK(rust_test_panic(false) == NULL, "panic returned non-NULL");
            HARNESS_CHECK(rust_test_panic(true) == NULL, "poisoning panic returned non-NULL");
            key("а", "к", "rus_standard", on_b ? "\"output\":\"が\"" : "\"output\":\"か\"");
            pthread_t thread;
            pthread_create(&thread, NULL, thread_body, NULL);
            pthread_join(thread, NULL);
            calls[F_INIT_FAIL] += 2;
            calls[F_LAST_ERROR]++;
        }
    }
    if (conversion) {
        const char *real = getenv("MEMCHECK_REAL_DICTIONARY");
        if (real && *real) real_dictionary(real);
        remove_bad_files();
        calls[F_USER]++;
        release(rust_close_user_store());
        char path[128];
        snprintf(path, sizeof path, "%s/learning.cime", store_dir);
        remove(path);
        snprintf(path, sizeof path, "%s/words.cime", store_dir);
        remove(path);
        remove(store_dir);
    }
    free(long_request);
    free(engine_a_profiles);
    free(engine_b_profiles);
    free(kana);
    printf("memcheck_driver: %lu ABI calls in %lu rounds:", total(), round);
    for (int i = 0; i < F_COUNT; i++) printf("%s %s %lu", i ? "," : "", names[i], calls[i]);
    printf("\n");
    return 0;
}
