/*
 * Drives every kind of C ABI call many times, for valgrind memcheck (scripts/memcheck.sh):
 * key processing on valid, invalid-UTF-8, NULL, oversized and unknown-profile input,
 * freeing every result, successful reloads alternating between two different engines,
 * failed inits (broken JSON, invalid data, NULL, invalid UTF-8), rust_last_init_error,
 * rust_cycle_dakuten, rust_profiles_json, rust_abi_version, rust_free_string(NULL), caught
 * panics (with and without poisoning the engine lock), and short-lived threads whose
 * per-thread init error must be freed when they exit.
 *
 * Usage: memcheck_driver PROFILES_JSON KANA_ENGINE_JSON [CALLS]   (CALLS defaults to 100000)
 * Prints the number of ABI calls made per function. Exits non-zero if an answer is wrong.
 */
#include "cyrillic_ime_core.h"
#include "cyrillic_ime_core_testing.h"
#include "../../fuzz/c/harness.h"

#include <pthread.h>

enum { F_PROCESS, F_FREE, F_INIT_OK, F_INIT_FAIL, F_LAST_ERROR, F_DAKUTEN, F_PROFILES, F_VERSION, F_PANIC, F_COUNT };
static const char *names[F_COUNT] = {"rust_process_key", "rust_free_string", "rust_init_engine (accepted)",
                                     "rust_init_engine (rejected)", "rust_last_init_error", "rust_cycle_dakuten",
                                     "rust_profiles_json", "rust_abi_version", "rust_test_panic"};
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

    bool on_b = false;
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
        calls[F_VERSION]++;
        HARNESS_CHECK(rust_abi_version() == CYRILLIC_IME_CORE_ABI_VERSION, "ABI version");
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
    free(engine_a_profiles);
    free(engine_b_profiles);
    free(kana);
    printf("memcheck_driver: %lu ABI calls in %lu rounds:", total(), round);
    for (int i = 0; i < F_COUNT; i++) printf("%s %s %lu", i ? "," : "", names[i], calls[i]);
    printf("\n");
    return 0;
}
