/*
 * libFuzzer target `init`: mutated data documents for rust_init_engine, seeded from the
 * bundled profiles.json and japaneseKanaEngine.json (with fuzz/dict/json.dict).
 *
 * Input: byte 0 picks what the rest is: the profiles document (kana engine bundled), the
 * kana engine document (profiles bundled), or both separated by a NUL byte.
 *
 * Checks, for every input (the bundled engine is running before each one):
 *  - init never crashes; rust_last_init_error is never NULL;
 *  - a rejected document: the message is non-empty and names the file
 *    ("profiles.json: …", "japaneseKanaEngine.json: …") or the bad argument, and the
 *    running engine answers exactly as before (same key results, profile list, dakuten);
 *  - an accepted document: the message is "", the documents are valid JSON to an
 *    independent reader too, rust_profiles_json describes every profile with the
 *    documented fields, and in every profile typing text made of its rule inputs key by key
 *    gives the same as converting it at once; then a broken reload must leave this new
 *    engine answering exactly as it did.
 */
#include "cyrillic_ime_core.h"
#include "harness.h"

#include <locale.h>
#include <wctype.h>

static char *bundled_profiles, *bundled_kana;

/* Answers of the running engine to fixed probes, compared byte for byte. */
typedef struct {
    char *key_answer, *katakana_answer, *profiles, *dakuten;
} snapshot;

static char *take(char *result) {
    HARNESS_CHECK(result != NULL, "an export returned NULL (a panic was caught)");
    return harness_take(result, rust_free_string);
}

static void snapshot_take(snapshot *s, const char *profile_id) {
    s->key_answer = take(rust_process_key("а", "к", profile_id));
    hstr katakana = {0};
    hstr_append_cstr(&katakana, profile_id);
    hstr_append_cstr(&katakana, ":katakana");
    s->katakana_answer = take(rust_process_key("{flush}", "кк", katakana.data));
    hstr_free(&katakana);
    s->profiles = take(rust_profiles_json());
    s->dakuten = take(rust_cycle_dakuten("は"));
}

static void snapshot_free(snapshot *s) {
    free(s->key_answer);
    free(s->katakana_answer);
    free(s->profiles);
    free(s->dakuten);
}

static void snapshot_expect_same(const snapshot *before, const char *profile_id, const char *why) {
    snapshot now;
    snapshot_take(&now, profile_id);
    HARNESS_CHECK(!strcmp(before->key_answer, now.key_answer), "%s: key answer changed from %s to %s", why, before->key_answer,
                  now.key_answer);
    HARNESS_CHECK(!strcmp(before->katakana_answer, now.katakana_answer), "%s: katakana answer changed", why);
    HARNESS_CHECK(!strcmp(before->profiles, now.profiles), "%s: the profile list changed", why);
    HARNESS_CHECK(!strcmp(before->dakuten, now.dakuten), "%s: the dakuten answer changed", why);
    snapshot_free(&now);
}

static snapshot bundled_snapshot;
static char *bundled_first_id;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    setlocale(LC_CTYPE, "C.UTF-8");
    bundled_profiles = harness_read_resource("profiles.json");
    bundled_kana = harness_read_resource("japaneseKanaEngine.json");
    HARNESS_CHECK(rust_init_engine(bundled_profiles, bundled_kana), "the bundled data was rejected");
    jvalue root;
    const char *error;
    HARNESS_CHECK(json_parse(bundled_profiles, strlen(bundled_profiles), &root, &error), "bundled profiles are not JSON");
    bundled_first_id = harness_strdup(json_member(&json_member(&root, "profiles")->items[0], "id")->text.data);
    jfree(&root);
    snapshot_take(&bundled_snapshot, bundled_first_id);
    HARNESS_CHECK(strstr(bundled_snapshot.key_answer, "\"action\":\"commit\""), "bundled engine does not convert ка");
    return 0;
}

static void add_inputs(const jvalue *rules, hstr *inputs, size_t *count) {
    if (!rules || rules->kind != J_OBJECT) return;
    for (size_t k = 0; k < rules->count; k++) {
        hstr_append(inputs, rules->keys[k].data, rules->keys[k].len);
        hstr_append(inputs, "", 1); /* NUL-separated list */
        (*count)++;
    }
}

/* Sends `text` scalar by scalar, then {flush}; returns everything output. */
static void type_key_by_key(hstr *out, const char *text, size_t n, const char *profile_id) {
    hstr buffer = {0}, key = {0};
    hstr_reserve(&buffer, 0);
    size_t i = 0;
    while (i <= n) {
        hstr_clear(&key);
        if (i == n) {
            hstr_append_cstr(&key, "{flush}");
            i++;
        } else {
            /* One character and the combining marks after it, as the Swift wrapper sends a
             * Character: a mark composes with its letter only within one call (docs/FFI.md). */
            size_t start = i;
            uint32_t c;
            utf8_next((const unsigned char *)text, n, &i, &c);
            for (size_t peek = i; peek < n && utf8_next((const unsigned char *)text, n, &peek, &c) && c >= 0x300 && c <= 0x36F;)
                i = peek;
            hstr_append(&key, text + start, i - start);
        }
        char *json = take(rust_process_key(key.data, buffer.data, profile_id));
        key_result r;
        key_result_parse(json, &r);
        HARNESS_CHECK(r.error == NULL, "typing %s in %s gave an error: %s", text, profile_id, json);
        hstr_append(out, r.output->data, r.output->len);
        hstr_clear(&buffer);
        hstr_append(&buffer, r.buffer->data, r.buffer->len);
        key_result_free(&r);
        free(json);
    }
    HARNESS_CHECK(buffer.len == 0, "flush left %s pending", buffer.data);
    hstr_free(&buffer);
    hstr_free(&key);
}

/* Checks a freshly accepted engine, built from `profiles_text` and `kana_text`. */
static void check_accepted(const char *profiles_text, const char *kana_text, const uint8_t *data, size_t size) {
    jvalue profiles_doc, kana_doc;
    const char *error = NULL;
    HARNESS_CHECK(json_parse(profiles_text, strlen(profiles_text), &profiles_doc, &error),
                  "the core accepted profiles that are not JSON (%s)", error);
    HARNESS_CHECK(json_parse(kana_text, strlen(kana_text), &kana_doc, &error),
                  "the core accepted a kana engine that is not JSON (%s)", error);

    char *described_text = take(rust_profiles_json());
    jvalue described;
    HARNESS_CHECK(json_parse(described_text, strlen(described_text), &described, &error), "rust_profiles_json is not JSON");
    const jvalue *list = json_member(&described, "profiles");
    const jvalue *doc_list = json_member(&profiles_doc, "profiles");
    HARNESS_CHECK(list && list->kind == J_ARRAY && list->count > 0 && doc_list && list->count == doc_list->count,
                  "rust_profiles_json does not list the document's profiles: %s", described_text);
    const jvalue *rule_sets = json_member(&kana_doc, "ruleSets");

    for (size_t p = 0; p < list->count; p++) {
        const jvalue *entry = &list->items[p];
        const jvalue *id = json_member(entry, "id"), *names = json_member(entry, "names");
        const jvalue *rows = json_member(entry, "rows"), *language = json_member(entry, "language");
        HARNESS_CHECK(id && id->kind == J_STRING && language && language->kind == J_STRING && names &&
                          json_member(names, "en") && json_member(names, "ja") && json_member(names, "native") && rows &&
                          rows->kind == J_ARRAY && rows->count == 5,
                      "profile %zu lacks documented fields: %s", p, described_text);
        /* Text made of this profile's rule inputs, chosen and capitalised by the input bytes. */
        const jvalue *doc_entry = &doc_list->items[p];
        hstr inputs = {0};
        size_t count = 0;
        const jvalue *used = json_member(doc_entry, "ruleSets");
        for (size_t s = 0; used && s < used->count; s++)
            add_inputs(json_member(rule_sets, used->items[s].text.data), &inputs, &count);
        add_inputs(json_member(doc_entry, "rules"), &inputs, &count);
        if (count == 0) {
            hstr_free(&inputs);
            continue;
        }
        const char **starts = malloc(count * sizeof *starts);
        size_t at = 0;
        for (size_t k = 0; k < count; k++) {
            starts[k] = inputs.data + at;
            at += strlen(inputs.data + at) + 1;
        }
        for (int round = 0; round < 3; round++) {
            hstr text = {0};
            for (size_t k = 0; k < 12 && text.len < 200; k++) {
                uint8_t pick = size ? data[(k * 7 + (size_t)round * 13 + p) % size] : (uint8_t)k;
                const char *input = starts[(pick + k * (size_t)round) % count];
                if (pick & 0x20) {
                    /* Capitalise the first letter: keys are case-folded into the rules. */
                    size_t i = 0;
                    uint32_t c;
                    utf8_next((const unsigned char *)input, strlen(input), &i, &c);
                    utf8_encode(&text, (uint32_t)towupper((wint_t)c));
                    hstr_append_cstr(&text, input + i);
                } else {
                    hstr_append_cstr(&text, input);
                }
                if (pick & 0x40) hstr_append_cstr(&text, pick & 0x80 ? " " : "5");
            }
            hstr_reserve(&text, 0);
            static const char *suffixes[] = {"", ":katakana"};
            for (int s = 0; s < 2; s++) {
                hstr profile_id = {0}, stepwise = {0};
                hstr_append(&profile_id, id->text.data, id->text.len);
                hstr_append_cstr(&profile_id, suffixes[s]);
                type_key_by_key(&stepwise, text.data, text.len, profile_id.data);
                char *json = take(rust_process_key("{flush}", text.data, profile_id.data));
                key_result whole;
                key_result_parse(json, &whole);
                HARNESS_CHECK(whole.error == NULL, "flushing %s gave an error: %s", text.data, json);
                HARNESS_CHECK(hstr_equals(whole.output, stepwise.data, stepwise.len),
                              "profile %s: %s key by key gives %s, at once %s", profile_id.data, text.data, stepwise.data,
                              whole.output->data);
                key_result_free(&whole);
                free(json);
                hstr_free(&profile_id);
                hstr_free(&stepwise);
            }
            hstr_free(&text);
        }
        free(starts);
        hstr_free(&inputs);
    }

    /* A failed reload must leave this engine answering exactly as it does now. */
    snapshot before;
    snapshot_take(&before, json_member(&list->items[0], "id")->text.data);
    HARNESS_CHECK(!rust_init_engine("{", kana_text), "a broken reload was accepted");
    snapshot_expect_same(&before, json_member(&list->items[0], "id")->text.data, "after a failed reload of a fuzzed engine");
    snapshot_free(&before);

    jfree(&described);
    free(described_text);
    jfree(&profiles_doc);
    jfree(&kana_doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    uint8_t mode = data[0] % 3;
    hstr first = {0}, second = {0};
    const uint8_t *rest = data + 1;
    size_t rest_len = size - 1;
    const uint8_t *nul = memchr(rest, 0, rest_len);
    if (mode == 2 && nul) {
        hstr_append(&first, (const char *)rest, (size_t)(nul - rest));
        hstr_append(&second, (const char *)nul + 1, rest_len - (size_t)(nul - rest) - 1);
    } else {
        hstr_append(mode == 1 ? &second : &first, (const char *)rest, rest_len);
    }
    hstr_reserve(&first, 0);
    hstr_reserve(&second, 0);
    const char *profiles_text = mode == 1 ? bundled_profiles : first.data;
    const char *kana_text = mode == 0 ? bundled_kana : second.data;

    bool ok = rust_init_engine(profiles_text, kana_text);
    char *message = take(rust_last_init_error());
    if (ok) {
        HARNESS_CHECK(message[0] == '\0', "init succeeded but reports an error: %s", message);
        check_accepted(profiles_text, kana_text, rest, rest_len);
        HARNESS_CHECK(rust_init_engine(bundled_profiles, bundled_kana), "the bundled data was rejected after a fuzzed engine");
    } else {
        HARNESS_CHECK(message[0] != '\0', "init failed without saying why");
        HARNESS_CHECK(!strncmp(message, "profiles.json: ", 15) || !strncmp(message, "japaneseKanaEngine.json: ", 25) ||
                          !strcmp(message, "profiles_json is not valid UTF-8") ||
                          !strcmp(message, "kana_engine_json is not valid UTF-8"),
                      "the init error names no file: %s", message);
        HARNESS_CHECK(utf8_valid(message, strlen(message)), "the init error is not UTF-8");
    }
    /* Whatever happened, the bundled engine is running now and answers as it always did. */
    snapshot_expect_same(&bundled_snapshot, bundled_first_id, ok ? "after restoring the bundled engine" : "after a failed init");
    free(message);
    hstr_free(&first);
    hstr_free(&second);
    return 0;
}
