/*
 * libFuzzer target `process_key`: arbitrary bytes become a key, a pending buffer and a
 * profile id (invalid UTF-8, huge, empty and NULL included) for rust_process_key, running
 * on the bundled engine. Every answer is checked against docs/FFI.md:
 *
 *  - never NULL (no panic), always a JSON object with exactly the documented fields;
 *  - an error exactly when an argument is NULL, not UTF-8, over a limit, or names an
 *    unknown profile or script, and then output = the readable buffer + the key as typed;
 *  - otherwise nothing the user typed disappears: every character the profile has no
 *    rule for comes out, in order; the new buffer holds only characters of the profile's
 *    rules; backspace drops exactly the last pending character;
 *  - streaming: the output plus a flush of the new buffer equals flushing buffer + key at
 *    once;
 *  - rust_cycle_dakuten on the key answers with the documented shape, and following a
 *    cycle comes back to where it started.
 *
 * Input layout: byte 0 = flags, byte 1 = parameter, then key \0 buffer \0 profile.
 */
#include "cyrillic_ime_core.h"
#include "harness.h"

#include <locale.h>
#include <wctype.h>

/* Profile ids of the bundled engine, and the characters each one's rules use. */
#define MAX_IDS 512
static char *known_ids[MAX_IDS];
static size_t known_id_count;

typedef struct {
    char *id;
    uint32_t *alphabet; /* sorted */
    size_t alphabet_len;
} profile_info;
static profile_info profiles[128];
static size_t profile_count;

static int compare_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void add_rule_inputs(const jvalue *rules, uint32_t **alphabet, size_t *len, size_t *cap) {
    if (!rules || rules->kind != J_OBJECT) return;
    for (size_t k = 0; k < rules->count; k++) {
        uint32_t *scalars;
        size_t n = utf8_scalars(rules->keys[k].data, rules->keys[k].len, &scalars);
        for (size_t j = 0; j < n; j++) {
            if (*len == *cap) {
                *cap = *cap ? *cap * 2 : 64;
                *alphabet = realloc(*alphabet, *cap * sizeof **alphabet);
            }
            (*alphabet)[(*len)++] = scalars[j];
        }
        free(scalars);
    }
}

/* Reads each profile's alphabet straight from the data files, independently of the core. */
static void load_alphabets(void) {
    char *profiles_text = harness_read_resource("profiles.json");
    char *kana_text = harness_read_resource("japaneseKanaEngine.json");
    jvalue p, k;
    const char *error;
    if (!json_parse(profiles_text, strlen(profiles_text), &p, &error) ||
        !json_parse(kana_text, strlen(kana_text), &k, &error))
        HARNESS_FAIL("bundled data is not JSON: %s", error);
    const jvalue *list = json_member(&p, "profiles");
    const jvalue *sets = json_member(&k, "ruleSets");
    for (size_t i = 0; list && i < list->count && profile_count < 128; i++) {
        const jvalue *entry = &list->items[i];
        profile_info *info = &profiles[profile_count++];
        info->id = harness_strdup(json_member(entry, "id")->text.data);
        size_t cap = 0;
        add_rule_inputs(json_member(entry, "rules"), &info->alphabet, &info->alphabet_len, &cap);
        const jvalue *used = json_member(entry, "ruleSets");
        for (size_t s = 0; used && s < used->count; s++)
            add_rule_inputs(json_member(sets, used->items[s].text.data), &info->alphabet, &info->alphabet_len, &cap);
        qsort(info->alphabet, info->alphabet_len, sizeof *info->alphabet, compare_u32);
    }
    jfree(&p);
    jfree(&k);
    free(profiles_text);
    free(kana_text);
}

static bool knows(const profile_info *info, uint32_t c) {
    return bsearch(&c, info->alphabet, info->alphabet_len, sizeof c, compare_u32) != NULL;
}

/* The core's case folding (docs/FFI.md): lowercase only when the profile knows that form. */
static uint32_t fold(const profile_info *info, uint32_t c) {
    if (knows(info, c)) return c;
    uint32_t lower = (uint32_t)towlower((wint_t)c);
    return knows(info, lower) ? lower : c;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    setlocale(LC_CTYPE, "C.UTF-8");
    char *profiles_json = harness_read_resource("profiles.json");
    char *kana_json = harness_read_resource("japaneseKanaEngine.json");
    if (!rust_init_engine(profiles_json, kana_json)) HARNESS_FAIL("the bundled data was rejected");
    free(profiles_json);
    free(kana_json);
    load_alphabets();
    for (size_t i = 0; i < profile_count && known_id_count + 3 <= MAX_IDS; i++) {
        static const char *suffixes[] = {"", ":katakana", ":hiragana"};
        for (int s = 0; s < 3; s++) {
            char buf[512];
            snprintf(buf, sizeof buf, "%s%s", profiles[i].id, suffixes[s]);
            known_ids[known_id_count++] = harness_strdup(buf);
        }
    }
    /* The engine's own list must name exactly the profiles in the file. */
    char *list = rust_profiles_json();
    jvalue root;
    const char *error;
    HARNESS_CHECK(list && json_parse(list, strlen(list), &root, &error), "rust_profiles_json is not JSON");
    const jvalue *described = json_member(&root, "profiles");
    HARNESS_CHECK(described && described->count == profile_count, "rust_profiles_json lists %zu profiles", described ? described->count : 0);
    jfree(&root);
    rust_free_string(list);
    return 0;
}

/* Whether the option [s, s + len) is `name`. */
static bool option_is(const char *s, size_t len, const char *name) {
    return len == strlen(name) && !memcmp(s, name, len);
}

/* The profile a valid, known id refers to, or NULL; *katakana tells the script. Options
 * follow the id after `:` in any order, one of each kind (docs/FFI.md): an unknown one sets
 * *bad_script, a kind given twice *twice; *other_widths says the output widths differ from
 * the defaults (full-width digits or half-width punctuation), so characters come out changed. */
static const profile_info *lookup(const char *id, size_t n, bool *katakana, bool *bad_script, bool *twice, bool *other_widths) {
    *katakana = false;
    *bad_script = false;
    *twice = false;
    *other_widths = false;
    const char *colon = memchr(id, ':', n);
    size_t base = colon ? (size_t)(colon - id) : n;
    bool seen[3] = {false, false, false};
    for (const char *option = colon ? colon + 1 : NULL; option; ) {
        const char *end = memchr(option, ':', (size_t)(id + n - option));
        size_t len = end ? (size_t)(end - option) : (size_t)(id + n - option);
        int kind;
        if (option_is(option, len, "katakana")) { kind = 0; *katakana = true; }
        else if (option_is(option, len, "hiragana")) kind = 0;
        else if (option_is(option, len, "fullwidth_digits")) { kind = 1; *other_widths = true; }
        else if (option_is(option, len, "halfwidth_digits")) kind = 1;
        else if (option_is(option, len, "halfwidth_punctuation")) { kind = 2; *other_widths = true; }
        else if (option_is(option, len, "fullwidth_punctuation")) kind = 2;
        else { *bad_script = true; return NULL; }
        if (seen[kind]) { *twice = true; return NULL; }  /* the core stops at the first problem too */
        seen[kind] = true;
        option = end ? end + 1 : NULL;
    }
    for (size_t i = 0; i < profile_count; i++)
        if (strlen(profiles[i].id) == base && !memcmp(profiles[i].id, id, base)) return &profiles[i];
    return NULL;
}

/* Whether `needle` (scalars) is a subsequence of the UTF-8 text `hay`. */
static bool subsequence(const uint32_t *needle, size_t count, const hstr *hay) {
    uint32_t *h;
    size_t n = utf8_scalars(hay->data, hay->len, &h), j = 0;
    for (size_t i = 0; i < n && j < count; i++)
        if (h[i] == needle[j]) j++;
    free(h);
    return j == count;
}

static char *process(const char *key, const char *buffer, const char *profile) {
    return harness_take(rust_process_key(key, buffer, profile), rust_free_string);
}

/* Flushes `pending` in one go and returns the output (checked to leave nothing pending). */
static void flush_into(hstr *out, const char *pending, size_t pending_len, const char *profile) {
    char *copy = malloc(pending_len + 1);
    memcpy(copy, pending, pending_len);
    copy[pending_len] = '\0';
    char *json = process("{flush}", copy, profile);
    key_result r;
    key_result_parse(json, &r);
    HARNESS_CHECK(hstr_equals(r.action, "commit", 6) && r.buffer->len == 0, "flush left something pending: %s", json);
    hstr_append(out, r.output->data, r.output->len);
    key_result_free(&r);
    free(json);
    free(copy);
}

static void check_dakuten(const char *character) {
    hstr current = {0};
    hstr_append_cstr(&current, character);
    for (int step = 0; step < 16; step++) {
        char *json = harness_take(rust_cycle_dakuten(current.data), rust_free_string);
        HARNESS_CHECK(json, "rust_cycle_dakuten returned NULL");
        jvalue root;
        const char *error;
        HARNESS_CHECK(json_parse(json, strlen(json), &root, &error), "dakuten answer is not JSON: %s", json);
        const jvalue *output = json_member(&root, "output"), *action = json_member(&root, "action");
        const jvalue *message = json_member(&root, "error");
        HARNESS_CHECK(root.kind == J_OBJECT && output && action && output->kind == J_STRING && action->kind == J_STRING,
                      "dakuten answer lacks output or action: %s", json);
        HARNESS_CHECK(root.count == (message ? 3u : 2u), "dakuten answer has extra fields: %s", json);
        bool is_error = hstr_equals(&action->text, "error", 5);
        HARNESS_CHECK(is_error == (message != NULL), "dakuten error field iff action error: %s", json);
        HARNESS_CHECK(is_error == !utf8_valid(current.data, current.len), "dakuten error iff invalid UTF-8: %s", json);
        bool replace = hstr_equals(&action->text, "replace", 7);
        HARNESS_CHECK(replace || is_error || hstr_equals(&action->text, "none", 4), "undocumented dakuten action: %s", json);
        if (!replace) HARNESS_CHECK(output->text.len == 0, "dakuten %s with output: %s", action->text.data, json);
        hstr next = {0};
        if (replace) {
            uint32_t *scalars;
            size_t n = utf8_scalars(output->text.data, output->text.len, &scalars);
            free(scalars);
            HARNESS_CHECK(n == 1, "dakuten replacement is not one character: %s", json);
            hstr_append(&next, output->text.data, output->text.len);
        }
        jfree(&root);
        free(json);
        if (!replace) {
            /* Only the starting character may have no other form. */
            HARNESS_CHECK(step == 0, "a dakuten cycle led to %s, which has no next form", current.data);
            hstr_free(&next);
            break;
        }
        bool back = strcmp(next.data, character) == 0;
        hstr_free(&current);
        current = next;
        if (back) break;
        HARNESS_CHECK(step < 15, "dakuten cycle from %s does not come back", character);
    }
    hstr_free(&current);
}

/* Repeats `bytes` until it is about `target` bytes long. */
static void repeat_to(hstr *out, const char *bytes, size_t n, size_t target) {
    if (n == 0) return;
    while (out->len < target) hstr_append(out, bytes, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    uint8_t flags = data[0], param = data[1];
    data += 2;
    size -= 2;
    /* key \0 buffer \0 profile (missing parts are empty) */
    const char *parts[3] = {"", "", ""};
    size_t lens[3] = {0, 0, 0};
    size_t start = 0;
    int part = 0;
    for (size_t i = 0; i <= size && part < 3; i++) {
        if (i == size || (data[i] == 0 && part < 2)) {
            parts[part] = (const char *)data + start;
            lens[part] = i - start;
            part++;
            start = i + 1;
        }
    }
    hstr key = {0}, buffer = {0}, profile = {0};
    hstr_append(&key, parts[0], lens[0]);
    hstr_append(&buffer, parts[1], lens[1]);
    /* Truncate at an interior NUL: C strings end there. */
    key.len = strlen(key.data);
    buffer.len = strlen(buffer.data);
    /* Huge inputs: repeat the key or the buffer past the 256-byte limits. */
    if (flags & 0x20) { hstr tmp = {0}; repeat_to(&tmp, key.data, key.len, 200 + param * 4u); hstr_free(&key); key = tmp; hstr_reserve(&key, 0); }
    if (flags & 0x40) { hstr tmp = {0}; repeat_to(&tmp, buffer.data, buffer.len, 200 + param * 4u); hstr_free(&buffer); buffer = tmp; hstr_reserve(&buffer, 0); }
    switch (flags & 3) {
    case 0:
    case 3: hstr_append(&profile, parts[2], lens[2]); break;
    case 1: hstr_append_cstr(&profile, known_ids[param % known_id_count]); break;
    case 2: /* a known id with fuzzed text after it (suffixes, junk) */
        hstr_append_cstr(&profile, profiles[param % profile_count].id);
        hstr_append(&profile, parts[2], lens[2]);
        break;
    }
    hstr_reserve(&profile, 0);
    profile.len = strlen(profile.data);
    bool null_key = (flags & 0x9C) == 0x84, null_buffer = (flags & 0x9C) == 0x88, null_profile = (flags & 0x9C) == 0x90;
    const char *key_arg = null_key ? NULL : key.data;
    const char *buffer_arg = null_buffer ? NULL : buffer.data;
    const char *profile_arg = null_profile ? NULL : profile.data;

    char *json = process(key_arg, buffer_arg, profile_arg);
    key_result r;
    key_result_parse(json, &r);

    /* Which error, if any, the contract demands, in the order the core checks. */
    bool key_ok = key_arg && utf8_valid(key.data, key.len);
    bool buffer_ok = buffer_arg && utf8_valid(buffer.data, buffer.len);
    bool profile_ok = profile_arg && utf8_valid(profile.data, profile.len);
    const char *expected_error = NULL;
    bool katakana = false, bad_script = false, twice = false, other_widths = false;
    const profile_info *info = NULL;
    if (!key_arg) expected_error = "key is NULL";
    else if (!key_ok) expected_error = "key is not valid UTF-8";
    else if (!buffer_arg) expected_error = "buffer is NULL";
    else if (!buffer_ok) expected_error = "buffer is not valid UTF-8";
    else if (!profile_arg) expected_error = "profile_id is NULL";
    else if (!profile_ok) expected_error = "profile_id is not valid UTF-8";
    else if (key.len > 256) expected_error = "over the limit of 256 bytes";
    else if (buffer.len > 256) expected_error = "over the limit of 256 bytes";
    else if (profile.len > 128) expected_error = "over the limit of 128 bytes";
    else {
        info = lookup(profile.data, profile.len, &katakana, &bad_script, &twice, &other_widths);
        if (bad_script) expected_error = "unknown script";
        else if (twice) expected_error = "given twice";
        else if (!info) expected_error = "unknown profile id";
    }

    const char *typed;
    size_t typed_len;
    hstr lossy_key = {0};
    if (key_arg) utf8_lossy(&lossy_key, key.data, key.len);
    key_kind kind = key_classify(lossy_key.data ? lossy_key.data : "", lossy_key.len, &typed, &typed_len);

    if (expected_error) {
        HARNESS_CHECK(r.error != NULL, "expected an error (%s), got %s", expected_error, json);
        HARNESS_CHECK(strstr(r.error->data, expected_error), "error should say %s: %s", expected_error, json);
        /* Nothing lost: the readable buffer, then the key as typed. */
        hstr want = {0};
        if (buffer_arg) utf8_lossy(&want, buffer.data, buffer.len);
        if (kind == KEY_TEXT) hstr_append(&want, typed, typed_len);
        HARNESS_CHECK(hstr_equals(r.output, want.data ? want.data : "", want.len), "error output %s should be buffer + key %s", json,
                      want.data ? want.data : "");
        hstr_free(&want);
    } else {
        HARNESS_CHECK(r.error == NULL, "unexpected error: %s", json);
        uint32_t *old_buffer;
        size_t old_count = utf8_scalars(buffer.data, buffer.len, &old_buffer);
        uint32_t *new_buffer;
        size_t new_count = utf8_scalars(r.buffer->data, r.buffer->len, &new_buffer);
        /* After a text key or a flush, only a prefix of some rule's input can be pending
         * (a backspace just shortens whatever buffer the host passed). */
        if (kind != KEY_BACKSPACE)
            for (size_t i = 0; i < new_count; i++)
                HARNESS_CHECK(knows(info, new_buffer[i]), "buffer holds U+%04X, which no rule uses: %s", new_buffer[i], json);
        if (kind == KEY_BACKSPACE) {
            HARNESS_CHECK(r.output->len == 0, "backspace produced output: %s", json);
            if (old_count == 0) {
                HARNESS_CHECK(hstr_equals(r.action, "delete_backward", 15), "backspace on nothing pending: %s", json);
            } else {
                HARNESS_CHECK(new_count == old_count - 1, "backspace should drop one character: %s", json);
                for (size_t i = 0; i < new_count; i++)
                    HARNESS_CHECK(new_buffer[i] == fold(info, old_buffer[i]), "backspace changed the buffer: %s", json);
            }
        } else {
            HARNESS_CHECK(!hstr_equals(r.action, "delete_backward", 15), "delete_backward for a non-backspace key: %s", json);
            if (kind == KEY_FLUSH) HARNESS_CHECK(r.buffer->len == 0, "flush left a buffer: %s", json);
            /* Every character without a rule comes out as typed, in order. */
            hstr all = {0};
            hstr_append(&all, buffer.data, buffer.len);
            if (kind == KEY_TEXT) hstr_append(&all, typed, typed_len);
            uint32_t *scalars;
            size_t n = utf8_scalars(all.data ? all.data : "", all.len, &scalars), m = 0;
            for (size_t i = 0; i < n; i++)
                if (!knows(info, fold(info, scalars[i]))) scalars[m++] = katakana ? katakana_of(scalars[i]) : scalars[i];
            /* (Other widths change digits and punctuation on the way out.) */
            HARNESS_CHECK(other_widths || subsequence(scalars, m, r.output), "a character without a rule is missing from %s", json);
            free(scalars);
            /* Streaming: key then flush == flush of buffer + key in one piece. */
            if (all.len <= 256) {
                hstr stepwise = {0}, whole = {0};
                hstr_append(&stepwise, r.output->data, r.output->len);
                flush_into(&stepwise, r.buffer->data, r.buffer->len, profile.data);
                flush_into(&whole, all.data ? all.data : "", all.len, profile.data);
                HARNESS_CHECK(hstr_equals(&stepwise, whole.data, whole.len), "key by key gives %s, at once %s (%s)",
                              stepwise.data, whole.data, json);
                hstr_free(&stepwise);
                hstr_free(&whole);
            }
            hstr_free(&all);
        }
        free(old_buffer);
        free(new_buffer);
    }
    key_result_free(&r);
    free(json);

    if (key_arg && (flags & 0x80) == 0) check_dakuten(key.data);
    hstr_free(&lossy_key);
    hstr_free(&key);
    hstr_free(&buffer);
    hstr_free(&profile);
    return 0;
}
