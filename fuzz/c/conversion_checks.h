/*
 * conversion_checks.h — checks of the conversion exports' answers (docs/FFI.md,
 * include/cyrillic_ime_core.h), shared by the `dictionary` and `conversion` fuzz targets
 * and the memcheck driver. Written from the contract, with the independent JSON reader of
 * harness.h, so the core's answers are checked by code that shares none of its bugs.
 *
 * Header-only, like harness.h (which must be included first).
 */
#ifndef CYRILLIC_IME_CONVERSION_CHECKS_H
#define CYRILLIC_IME_CONVERSION_CHECKS_H

#include "harness.h"

/* What may follow a segment's `limit` ranked candidates (rust_core/src/limits.rs,
 * rewrite/script_forms.rs): at most MAX_REWRITER_CANDIDATES (8) dates and emoji, at most five
 * script forms (hiragana, katakana, half-width katakana, or for Latin and digits both widths),
 * and the segment as typed. */
#define MAX_ADDED_CANDIDATES (8 + 5 + 1)

/* The compiled dictionary's header (rust_core/src/dictionary/format.rs): the fuzz target
 * recomputes the length and checksum fields to get mutations past the checksum. */
enum { DICT_HEADER_LEN = 64 + 14 * 16, DICT_FIELD_HEADER_LEN = 12, DICT_FIELD_FILE_LEN = 16, DICT_FIELD_CHECKSUM = 24, DICT_CHECKED_FROM = 32 };

static inline uint64_t dict_rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static inline uint64_t dict_read_u64(const uint8_t *b) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | b[i];
    return v;
}

static inline void dict_write_u64(uint8_t *b, uint64_t v) {
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
}

/* format::checksum, the same multiply–xor lanes. */
static inline uint64_t dict_checksum(const uint8_t *bytes, size_t n) {
    static const uint64_t K[4] = {0x9E3779B185EBCA87ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull, 0x27D4EB2F165667C5ull};
    uint64_t lanes[4] = {0x6A09E667F3BCC908ull, 0xBB67AE8584CAA73Bull, 0x3C6EF372FE94F82Bull, 0xA54FF53A5F1D36F1ull};
    size_t chunks = n / 32;
    for (size_t c = 0; c < chunks; c++)
        for (int lane = 0; lane < 4; lane++)
            lanes[lane] = dict_rotl((lanes[lane] ^ dict_read_u64(bytes + c * 32 + (size_t)lane * 8)) * K[lane], 29);
    uint64_t tail = 0xCBF29CE484222325ull;
    for (size_t i = chunks * 32; i < n; i++) tail = (tail ^ bytes[i]) * 0x100000001B3ull;
    uint64_t h = ((uint64_t)n * K[0]) ^ tail;
    for (int lane = 0; lane < 4; lane++) h = dict_rotl((h ^ lanes[lane]) * K[lane], 31);
    return h ^ (h >> 33);
}

/* Sets the file-length and checksum fields of a dictionary image (n >= DICT_HEADER_LEN). */
static inline void dict_reseal(uint8_t *bytes, size_t n) {
    dict_write_u64(bytes + DICT_FIELD_FILE_LEN, (uint64_t)n);
    dict_write_u64(bytes + DICT_FIELD_CHECKSUM, dict_checksum(bytes + DICT_CHECKED_FROM, n - DICT_CHECKED_FROM));
}

/* ---------- kana forms, as conversion/input.rs defines them ---------- */

static inline uint32_t hiragana_of(uint32_t c) {
    if ((c >= 0x30A1 && c <= 0x30F6) || c == 0x30FD || c == 0x30FE) return c - 0x60;
    return c;
}

/* The character the dictionary is searched with: katakana as hiragana, full-width ASCII as ASCII. */
static inline uint32_t lookup_of(uint32_t c) {
    if (c >= 0xFF01 && c <= 0xFF5E) return c - 0xFEE0;
    return hiragana_of(c);
}

typedef enum { FORM_HIRAGANA, FORM_KATAKANA, FORM_LOOKUP } kana_form;

static inline void kana_convert(hstr *out, const char *s, size_t n, kana_form form) {
    size_t i = 0;
    uint32_t c;
    while (i < n) {
        if (!utf8_next((const unsigned char *)s, n, &i, &c)) c = 0xFFFD;
        utf8_encode(out, form == FORM_HIRAGANA ? hiragana_of(c) : form == FORM_KATAKANA ? katakana_of(c) : lookup_of(c));
    }
    hstr_reserve(out, 0);
}

/* Number of scalar values in valid UTF-8. */
static inline size_t scalar_count(const char *s, size_t n) {
    size_t i = 0, count = 0;
    uint32_t c;
    while (i < n) {
        utf8_next((const unsigned char *)s, n, &i, &c);
        count++;
    }
    return count;
}

/* ---------- answers ---------- */

static inline bool jstring_is(const jvalue *v) { return v && v->kind == J_STRING; }

/* Parses an answer (never NULL: NULL means a panic was caught). Returns true for an error
 * answer, checked to be exactly {"error": non-empty, "reading": string}. */
static inline bool answer_parse(const char *json, jvalue *root, const char *what) {
    const char *error = NULL;
    HARNESS_CHECK(json != NULL, "%s returned NULL (a panic was caught)", what);
    HARNESS_CHECK(json_parse(json, strlen(json), root, &error), "%s answer is not JSON (%s): %s", what, error, json);
    HARNESS_CHECK(root->kind == J_OBJECT, "%s answer is not an object: %s", what, json);
    const jvalue *message = json_member(root, "error");
    if (!message) return false;
    HARNESS_CHECK(root->count == 2 && jstring_is(message) && message->text.len > 0 && jstring_is(json_member(root, "reading")),
                  "%s error answer is not {error, reading}: %s", what, json);
    return true;
}

/* A list of distinct strings, non-empty when `non_empty`. */
static inline void check_string_list(const jvalue *list, bool non_empty, const char *what, const char *json) {
    HARNESS_CHECK(list && list->kind == J_ARRAY, "%s is not an array: %s", what, json);
    HARNESS_CHECK(!non_empty || list->count > 0, "%s is empty: %s", what, json);
    for (size_t i = 0; i < list->count; i++) {
        HARNESS_CHECK(list->items[i].kind == J_STRING, "%s holds a non-string: %s", what, json);
        for (size_t j = 0; j < i; j++)
            HARNESS_CHECK(!hstr_equals(&list->items[i].text, list->items[j].text.data, list->items[j].text.len),
                          "%s repeats %s: %s", what, list->items[i].text.data, json);
    }
}

static inline bool list_contains(const jvalue *list, const hstr *s) {
    for (size_t i = 0; i < list->count; i++)
        if (hstr_equals(&list->items[i].text, s->data, s->len)) return true;
    return false;
}

/* Candidates of a segment whose reading is `reading`: distinct, its hiragana and katakana among them. */
static inline void check_candidates(const jvalue *candidates, const char *reading, size_t n, const char *json) {
    check_string_list(candidates, true, "candidates", json);
    hstr hira = {0}, kata = {0};
    kana_convert(&hira, reading, n, FORM_HIRAGANA);
    kana_convert(&kata, reading, n, FORM_KATAKANA);
    HARNESS_CHECK(list_contains(candidates, &hira), "candidates of %s lack the hiragana %s: %s", reading, hira.data, json);
    HARNESS_CHECK(list_contains(candidates, &kata), "candidates of %s lack the katakana %s: %s", reading, kata.data, json);
    hstr_free(&hira);
    hstr_free(&kata);
}

/*
 * A convert or resize answer. `reading` is the request's (NULL: take it from the answer);
 * at most `max_candidates` ranked candidates + what the rewriters add (MAX_REWRITER_CANDIDATES)
 * + the script forms + the segment as typed (a request with `typed`) per segment and at most
 * `max_alternatives` alternatives; the first `nfixed` segment lengths must be `fixed`.
 * Returns false for an error answer (whose reading must be the request's).
 */
static inline bool check_conversion(const char *json, const char *reading, size_t max_candidates, size_t max_alternatives,
                                    const size_t *fixed, size_t nfixed) {
    jvalue root;
    if (answer_parse(json, &root, "conversion")) {
        if (reading)
            HARNESS_CHECK(!strcmp(json_member(&root, "reading")->text.data, reading), "error answer lost the reading: %s", json);
        jfree(&root);
        return false;
    }
    const jvalue *r = json_member(&root, "reading"), *segments = json_member(&root, "segments"),
                 *alternatives = json_member(&root, "alternatives");
    HARNESS_CHECK(root.count == 3 && jstring_is(r) && segments && segments->kind == J_ARRAY, "not a conversion: %s", json);
    if (reading) HARNESS_CHECK(hstr_equals(&r->text, reading, strlen(reading)), "the answer's reading differs: %s", json);
    check_string_list(alternatives, false, "alternatives", json);
    HARNESS_CHECK(alternatives->count <= max_alternatives, "%zu alternatives, at most %zu asked: %s", alternatives->count,
                  max_alternatives, json);
    hstr joined = {0}, best = {0};
    hstr_reserve(&joined, 0);
    hstr_reserve(&best, 0);
    for (size_t s = 0; s < segments->count; s++) {
        const jvalue *segment = &segments->items[s];
        const jvalue *sr = json_member(segment, "reading"), *candidates = json_member(segment, "candidates"),
                     *classes = json_member(segment, "classes");
        HARNESS_CHECK(segment->kind == J_OBJECT && segment->count == 3 && jstring_is(sr) && sr->text.len > 0,
                      "segment %zu malformed: %s", s, json);
        check_candidates(candidates, sr->text.data, sr->text.len, json);
        /* One class per candidate: null, or [left id, right id]. */
        HARNESS_CHECK(classes && classes->kind == J_ARRAY && classes->count == candidates->count,
                      "segment %zu: classes do not match its candidates: %s", s, json);
        for (size_t c = 0; c < classes->count; c++) {
            const jvalue *k = &classes->items[c];
            HARNESS_CHECK(k->kind == J_NULL || (k->kind == J_ARRAY && k->count == 2 && k->items[0].kind == J_NUMBER &&
                                                k->items[1].kind == J_NUMBER),
                          "segment %zu: class %zu is neither null nor [left, right]: %s", s, c, json);
        }
        HARNESS_CHECK(candidates->count <= max_candidates + MAX_ADDED_CANDIDATES, "segment %zu has %zu candidates: %s", s, candidates->count, json);
        if (s < nfixed)
            HARNESS_CHECK(scalar_count(sr->text.data, sr->text.len) == fixed[s], "segment %zu is not the fixed length %zu: %s", s,
                          fixed[s], json);
        hstr_append(&joined, sr->text.data, sr->text.len);
        hstr_append(&best, candidates->items[0].text.data, candidates->items[0].text.len);
    }
    HARNESS_CHECK(hstr_equals(&joined, r->text.data, r->text.len), "segments do not cover the reading: %s", json);
    HARNESS_CHECK(r->text.len == 0 || segments->count > 0, "no segments: %s", json);
    if (alternatives->count > 0)
        HARNESS_CHECK(hstr_equals(&alternatives->items[0].text, best.data, best.len),
                      "the first alternative is not the first candidates joined (%s): %s", best.data, json);
    hstr_free(&joined);
    hstr_free(&best);
    jfree(&root);
    return true;
}

/* A segment-candidates answer for the segment whose reading is `segment` (NULL: unknown). */
static inline bool check_segment_candidates(const char *json, const char *segment, size_t max_candidates) {
    jvalue root;
    if (answer_parse(json, &root, "rust_segment_candidates")) {
        jfree(&root);
        return false;
    }
    const jvalue *candidates = json_member(&root, "candidates");
    HARNESS_CHECK(root.count == 1 && candidates, "not a candidates answer: %s", json);
    if (segment)
        check_candidates(candidates, segment, strlen(segment), json);
    else
        check_string_list(candidates, true, "candidates", json);
    HARNESS_CHECK(candidates->count <= max_candidates + MAX_ADDED_CANDIDATES, "%zu candidates: %s", candidates->count, json);
    jfree(&root);
    return true;
}

/* A predict answer for `prefix` (NULL: unknown): at most `limit`, distinct texts, every
 * reading starting with the prefix as the dictionary reads it. */
static inline bool check_predictions(const char *json, const char *prefix, size_t limit) {
    jvalue root;
    if (answer_parse(json, &root, "rust_predict")) {
        jfree(&root);
        return false;
    }
    const jvalue *list = json_member(&root, "predictions");
    HARNESS_CHECK(root.count == 1 && list && list->kind == J_ARRAY && list->count <= limit, "not a predict answer: %s", json);
    hstr looked_up = {0};
    if (prefix) kana_convert(&looked_up, prefix, strlen(prefix), FORM_LOOKUP);
    for (size_t i = 0; i < list->count; i++) {
        const jvalue *p = &list->items[i], *text = json_member(p, "text"), *reading = json_member(p, "reading");
        HARNESS_CHECK(p->kind == J_OBJECT && p->count == 2 && jstring_is(text) && jstring_is(reading),
                      "prediction %zu malformed: %s", i, json);
        for (size_t j = 0; j < i; j++)
            HARNESS_CHECK(!hstr_equals(&json_member(&list->items[j], "text")->text, text->text.data, text->text.len),
                          "prediction %s repeated: %s", text->text.data, json);
        if (prefix)
            HARNESS_CHECK(reading->text.len >= looked_up.len && !memcmp(reading->text.data, looked_up.data, looked_up.len),
                          "prediction reading %s does not start with %s: %s", reading->text.data, looked_up.data, json);
    }
    hstr_free(&looked_up);
    jfree(&root);
    return true;
}

/* Copies and frees an answer (NULL stays NULL). */
static inline char *conversion_take(char *answer) { return harness_take(answer, rust_free_string); }

#endif /* CYRILLIC_IME_CONVERSION_CHECKS_H */
