/*
 * libFuzzer target `user_store`: the user store (learning and the user dictionary,
 * docs/LEARNING.md, docs/FFI.md "Learning and the user dictionary") through rust_open_user_store,
 * rust_close_user_store, rust_learn, rust_user_words, rust_forget and the conversion exports
 * that consult it, with the tiny test dictionary loaded.
 *
 * The store lives in a temporary directory made once per process; every input starts from
 * an empty store there (the store is closed, the directory emptied, the store opened again).
 *
 * Input: a sequence of operations (at most 48), each a byte (mod 12) and its arguments:
 *   0–1 learn a commit built from a table of readings (kana, katakana, a few others) and
 *       texts (kanji, the reading's own kana, raw bytes, control characters, over-long);
 *   2   learn with a raw request;  3 add a user word;  4 remove one;  5 list them;
 *   6   forget one choice;  7 forget all (sometimes with the words);
 *   8   convert / segment candidates / predict a reading of the table;
 *   9   close and reopen;  10 damage one of the files (bytes flipped, cut, inserted, a line
 *       replaced and the checksum recomputed, a stray temporary file, a directory in its place)
 *       and reopen;  11 a raw request to rust_learn / rust_user_words / rust_forget.
 *
 * The harness keeps a model of the store (learned choices and phrases, user words, which file
 * cannot be saved) and checks, with the independent JSON reader of harness.h:
 *  - never NULL; every answer is JSON of the documented shape, errors exactly {"error"} with
 *    a message naming a field, the request, the store's file or the user dictionary;
 *  - a valid commit is learned; converting its reading (phrase ≤ 64 characters) gives the
 *    learned segments with the learned text first, the whole phrase as committed, and
 *    predicting any prefix of it lists it first (unless it was committed as its own kana);
 *  - a valid user word is added and listed (the list sorted, equal to the model); converted
 *    alone (one segment) or as a fixed single segment its reading gives the first of its
 *    reading's words first, when nothing learned can outrank it; predicted first from a prefix
 *    of its reading when no learned phrase competes;
 *  - forgetting removes exactly the choices and phrases docs/LEARNING.md names (counted);
 *    after forgetting all nothing learned remains (reopen counts 0, learned phrases are not
 *    predicted unless the dictionary or a user word predicts them), and an emptied store
 *    converts and predicts byte for byte as no store;
 *  - reopening from the saved files restores the state (counts, words, the last phrase);
 *  - a damaged file never crashes: it is moved to <file>.corrupt-<n> whole, with a warning
 *    naming the file, and that store starts empty while the other one is untouched; a damaged
 *    file the reader accepts holds only valid words; a file that cannot be read is kept and
 *    saves to it answer "saved": false with a warning.
 *
 * USER_STORE_TRACE=1 prints each operation with the model's counts (to read a crash input).
 */
#define _DEFAULT_SOURCE /* mkdtemp, lstat */
#include "cyrillic_ime_core.h"
#include "harness.h"
#include "conversion_checks.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef TINY_DICTIONARY
#define TINY_DICTIONARY ""
#endif

/* ---------- input ---------- */

typedef struct {
    const uint8_t *data;
    size_t size, at;
} reader;

static uint8_t get(reader *r) { return r->at < r->size ? r->data[r->at++] : 0; }
static bool more(const reader *r) { return r->at < r->size; }

/* ---------- tables ---------- */

typedef struct {
    const char *text;
    bool kana; /* a user word's reading may hold it */
} rpiece;

static const rpiece reading_pieces[] = {
    {"わ", 1}, {"た", 1}, {"し", 1}, {"な", 1}, {"ま", 1}, {"え", 1}, {"は", 1}, {"か", 1}, {"の", 1}, {"す", 1},
    {"つ", 1}, {"き", 1}, {"い", 1}, {"て", 1}, {"れ", 1}, {"び", 1}, {"あ", 1}, {"り", 1}, {"が", 1}, {"と", 1},
    {"う", 1}, {"ご", 1}, {"ざ", 1}, {"で", 1}, {"ん", 1}, {"ー", 1}, {"ア", 1}, {"テ", 1}, {"レ", 1}, {"ビ", 1},
    {"ハ", 1}, {"シ", 1}, {"ヴ", 1}, {"ヶ", 1}, {"ゔ", 1}, {"ぁ", 1}, {"ゝ", 0}, {"ヽ", 0}, {"1", 0}, {"ａ", 0},
    {"漢", 0}, {"😀", 0}, {"\xCC\x81", 0}, {"、", 0}, {" ", 0}, {"\"", 0},
};
enum { READING_PIECES = sizeof reading_pieces / sizeof *reading_pieces };

static const char *const text_pieces[] = {
    "私", "名前", "中", "中野", "橋", "箸", "端", "月", "木", "テレビ", "有難う", "蟻", "です", "の", "は", "X",
    "😀", "ABC", "、", "\"", "\\", "e\xCC\x81", "\xCC\x81", "ｶﾅ", "\xEF\xBF\xBD", "\xE2\x80\xAE", "/", "{}",
};
enum { TEXT_PIECES = sizeof text_pieces / sizeof *text_pieces };

/* ---------- text helpers ---------- */

static bool is_control(uint32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

static size_t scalars(const hstr *s) { return scalar_count(s->data, s->len); }

static bool has_control(const hstr *s) {
    size_t i = 0;
    uint32_t c;
    while (i < s->len) {
        if (!utf8_next((const unsigned char *)s->data, s->len, &i, &c)) return true;
        if (is_control(c)) return true;
    }
    return false;
}

/* A stored text: 1–max scalars, valid UTF-8, no control characters. */
static bool storable(const hstr *s, size_t max) {
    size_t n = scalars(s);
    return utf8_valid(s->data, s->len) && n >= 1 && n <= max && !has_control(s);
}

/* What a user word's reading may be: hiragana, katakana, ー; 1–32 characters. */
static bool word_reading_ok(const hstr *s) {
    if (!utf8_valid(s->data, s->len)) return false;
    size_t i = 0, n = 0;
    uint32_t c;
    while (i < s->len) {
        utf8_next((const unsigned char *)s->data, s->len, &i, &c);
        if (!((c >= 0x3041 && c <= 0x3096) || (c >= 0x30A1 && c <= 0x30F6) || c == 0x30FC)) return false;
        n++;
    }
    return n >= 1 && n <= 32;
}

static void hiragana(hstr *out, const hstr *s) {
    hstr_clear(out);
    kana_convert(out, s->data, s->len, FORM_HIRAGANA);
}

static void copy(hstr *out, const hstr *s) {
    hstr_clear(out);
    hstr_append(out, s->data, s->len);
}

static bool same(const hstr *a, const hstr *b) { return hstr_equals(a, b->data, b->len); }

/* Byte-wise order of Rust's String (memcmp, then shorter first). */
static int cmp(const hstr *a, const hstr *b) {
    size_t n = a->len < b->len ? a->len : b->len;
    int c = n ? memcmp(a->data, b->data, n) : 0;
    if (c) return c;
    return a->len < b->len ? -1 : a->len > b->len;
}

static bool starts_with(const hstr *s, const hstr *prefix) { return s->len >= prefix->len && !memcmp(s->data, prefix->data, prefix->len); }

/* The first `k` scalars of s. */
static void prefix_of(hstr *out, const hstr *s, size_t k) {
    size_t i = 0;
    uint32_t c;
    for (size_t n = 0; n < k && i < s->len; n++) utf8_next((const unsigned char *)s->data, s->len, &i, &c);
    hstr_clear(out);
    hstr_append(out, s->data, i);
}

static void json_escape(hstr *out, const char *s, size_t n) {
    hstr_append_cstr(out, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            hstr_append(out, e, 2);
        } else if (c < 0x20) {
            char e[8];
            snprintf(e, sizeof e, "\\u%04x", c);
            hstr_append_cstr(out, e);
        } else {
            hstr_append(out, (const char *)&c, 1);
        }
    }
    hstr_append_cstr(out, "\"");
}

static void json_hstr(hstr *out, const hstr *s) { json_escape(out, s->data, s->len); }

/* ---------- the model ---------- */

enum { MAX_OPS = 48, MAX_SEGS = 8, CAP = 512 };

typedef struct {
    hstr reading, text;
} pair;

typedef struct {
    hstr reading, text;
    pair segs[MAX_SEGS];
    size_t nsegs;
} phrase;

static struct {
    pair words[CAP]; /* reading (hiragana), text */
    size_t nwords;
    pair segs[CAP]; /* learned segment choices */
    size_t nsegs;
    phrase phrases[CAP];
    size_t nphrases;
    bool tainted;        /* learned state unknown (a damaged file was accepted) */
    long last;           /* index of the phrase learned last, or -1 */
    bool unwritable[2];  /* learning, words: the file could not be read at open */
} M;

static char directory[256];
static char paths[2][512];
static const char *const file_names[2] = {"learning.cime", "words.cime"};

static void pair_free(pair *p) {
    hstr_free(&p->reading);
    hstr_free(&p->text);
}

static void phrase_free(phrase *p) {
    hstr_free(&p->reading);
    hstr_free(&p->text);
    for (size_t k = 0; k < p->nsegs; k++) pair_free(&p->segs[k]);
    p->nsegs = 0;
}

static void model_clear_learned(void) {
    for (size_t i = 0; i < M.nsegs; i++) pair_free(&M.segs[i]);
    for (size_t i = 0; i < M.nphrases; i++) phrase_free(&M.phrases[i]);
    M.nsegs = M.nphrases = 0;
    M.tainted = false;
    M.last = -1;
}

static void model_clear_words(void) {
    for (size_t i = 0; i < M.nwords; i++) pair_free(&M.words[i]);
    M.nwords = 0;
}

static size_t learned_count(void) { return M.nsegs + M.nphrases; }

static long find_word(const hstr *reading, const hstr *text) {
    for (size_t i = 0; i < M.nwords; i++)
        if (same(&M.words[i].reading, reading) && same(&M.words[i].text, text)) return (long)i;
    return -1;
}

/* ---------- calls and answers ---------- */

static char *take(char *answer, const char *what, const char *request) {
    HARNESS_CHECK(answer != NULL, "%s returned NULL (a panic was caught) for %s", what, request ? request : "NULL");
    return harness_take(answer, rust_free_string);
}

static void parse(const char *json, jvalue *root, const char *what) {
    const char *error = NULL;
    HARNESS_CHECK(json_parse(json, strlen(json), root, &error), "%s answer is not JSON (%s): %s", what, error, json);
    HARNESS_CHECK(root->kind == J_OBJECT, "%s answer is not an object: %s", what, json);
}

/* Parses a store answer; true (and checks it) for an error {"error": message}. */
static bool store_answer(const char *json, jvalue *root, const char *what) {
    parse(json, root, what);
    const jvalue *message = json_member(root, "error");
    if (!message) return false;
    HARNESS_CHECK(root->count == 1 && message->kind == J_STRING && message->text.len > 0, "%s error is not {error}: %s", what, json);
    const char *m = message->text.data;
    HARNESS_CHECK(strchr(m, '$') || strstr(m, "request") || strstr(m, "user store") || strstr(m, "user word") ||
                      strstr(m, "user dictionary") || strstr(m, "\"all\""),
                  "%s error names no field or file: %s", what, json);
    return true;
}

static void check_keys(const jvalue *root, const char *const *keys, size_t n, const char *json) {
    HARNESS_CHECK(root->count == n, "answer has %zu members, %zu documented: %s", root->count, n, json);
    for (size_t k = 0; k < n; k++) HARNESS_CHECK(json_member(root, keys[k]), "answer lacks %s: %s", keys[k], json);
}

static bool is_uint(const jvalue *v) { return v && v->kind == J_NUMBER; }

/* The integer value of member `key` in `json` (members are unique, checked by the reader). */
static unsigned long member_number(const char *json, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(json, pattern);
    HARNESS_CHECK(at, "no %s in %s", key, json);
    return strtoul(at + strlen(pattern), NULL, 10);
}

/* The bool value of `key`: the JSON reader keeps no bool value, so read it from the text. */
static bool bool_member(const char *json, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":true", key);
    if (strstr(json, pattern)) return true;
    snprintf(pattern, sizeof pattern, "\"%s\":false", key);
    HARNESS_CHECK(strstr(json, pattern), "%s is not a bool: %s", key, json);
    return false;
}

/* "saved" and "warnings" of a change: saved unless the model says the file cannot be
 * written and something changed (-1: unknown); warnings only when not saved, naming it. */
static void check_saved(const jvalue *root, const char *json, int kind, int changed) {
    const jvalue *warnings = json_member(root, "warnings");
    HARNESS_CHECK(json_member(root, "saved") && json_member(root, "saved")->kind == J_BOOL, "saved is not a bool: %s", json);
    check_string_list(warnings, false, "warnings", json);
    bool saved = bool_member(json, "saved");
    bool blocked = kind >= 0 ? M.unwritable[kind] : (M.unwritable[0] || M.unwritable[1]);
    if (!blocked) HARNESS_CHECK(saved && warnings->count == 0, "a change to a writable store was not saved: %s", json);
    if (blocked && changed == 1) HARNESS_CHECK(!saved && warnings->count > 0, "a change to an unreadable file claims saved: %s", json);
    if (saved) HARNESS_CHECK(warnings->count == 0, "saved with warnings: %s", json);
    for (size_t i = 0; i < warnings->count; i++)
        HARNESS_CHECK(strstr(warnings->items[i].text.data, "user store"), "warning names no store: %s", json);
}

/* ---------- the words list ---------- */

/* Checks a {"words": [...]} list: sorted strictly by (reading, text), each storable; equal to
 * the model (or, with `adopt`, taken as the model). */
static void check_words(const jvalue *root, const char *json, bool adopt) {
    const jvalue *words = json_member(root, "words");
    HARNESS_CHECK(words && words->kind == J_ARRAY, "words is not an array: %s", json);
    HARNESS_CHECK(words->count <= 2000, "more than 2000 words: %s", json);
    for (size_t i = 0; i < words->count; i++) {
        const jvalue *w = &words->items[i], *r = json_member(w, "reading"), *t = json_member(w, "text"), *k = json_member(w, "class");
        HARNESS_CHECK(w->kind == J_OBJECT && w->count == 3 && jstring_is(r) && jstring_is(t) && jstring_is(k), "word %zu malformed: %s", i, json);
        /* The word classes of docs/LEARNING.md, "Word classes" (a raw request may give any). */
        static const char *const classes[] = {"noun", "proper-noun", "name", "surname", "given-name", "place",
                                               "organization", "suru-noun", "adverb", "interjection"};
        bool known_class = false;
        for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++) known_class |= strcmp(k->text.data, classes[c]) == 0;
        HARNESS_CHECK(known_class, "word %zu has an unknown class: %s", i, json);
        hstr hira = {0};
        hiragana(&hira, &r->text);
        HARNESS_CHECK(word_reading_ok(&r->text) && same(&hira, &r->text), "word reading %s is not hiragana kana of 1–32: %s",
                      r->text.data, json);
        HARNESS_CHECK(storable(&t->text, 64), "word text %s is not storable: %s", t->text.data, json);
        hstr_free(&hira);
        if (i > 0) {
            const jvalue *p = &words->items[i - 1];
            int c = cmp(&json_member(p, "reading")->text, &r->text);
            HARNESS_CHECK(c < 0 || (c == 0 && cmp(&json_member(p, "text")->text, &t->text) < 0), "words not sorted or repeated: %s", json);
        }
    }
    if (adopt) {
        model_clear_words();
        for (size_t i = 0; i < words->count && i < CAP; i++) {
            copy(&M.words[M.nwords].reading, &json_member(&words->items[i], "reading")->text);
            copy(&M.words[M.nwords].text, &json_member(&words->items[i], "text")->text);
            M.nwords++;
        }
        return;
    }
    HARNESS_CHECK(words->count == M.nwords, "%zu words listed, %zu in the model: %s", words->count, M.nwords, json);
    for (size_t i = 0; i < M.nwords; i++) {
        bool found = false;
        for (size_t j = 0; j < words->count && !found; j++)
            found = same(&json_member(&words->items[j], "reading")->text, &M.words[i].reading) &&
                    same(&json_member(&words->items[j], "text")->text, &M.words[i].text);
        HARNESS_CHECK(found, "word %s → %s missing from the list: %s", M.words[i].reading.data, M.words[i].text.data, json);
    }
}

static void list_words(bool adopt) {
    char *answer = take(rust_user_words("{\"action\":\"list\"}"), "rust_user_words", "list");
    jvalue root;
    HARNESS_CHECK(!store_answer(answer, &root, "list"), "list failed: %s", answer);
    static const char *const keys[] = {"words", "saved", "warnings"};
    check_keys(&root, keys, 3, answer);
    check_saved(&root, answer, 1, 0);
    check_words(&root, answer, adopt);
    jfree(&root);
    free(answer);
}

/* ---------- open / close ---------- */

typedef struct {
    unsigned long learned, words;
    bool warned[2];     /* a warning named this file */
    bool moved[2];      /* ... and said it was moved aside */
    bool temp_removed[2];
    size_t warnings;
} opened;

static void open_store(opened *o) {
    memset(o, 0, sizeof *o);
    char *answer = take(rust_open_user_store(directory), "rust_open_user_store", directory);
    jvalue root;
    HARNESS_CHECK(!store_answer(answer, &root, "open"), "opening %s failed: %s", directory, answer);
    static const char *const keys[] = {"opened", "directory", "persistent", "learned", "words", "warnings"};
    check_keys(&root, keys, 6, answer);
    HARNESS_CHECK(bool_member(answer, "opened") && bool_member(answer, "persistent"), "not opened, persistent: %s", answer);
    HARNESS_CHECK(!strcmp(json_member(&root, "directory")->text.data, directory), "directory differs: %s", answer);
    HARNESS_CHECK(is_uint(json_member(&root, "learned")) && is_uint(json_member(&root, "words")), "counts: %s", answer);
    o->learned = member_number(answer, "learned");
    o->words = member_number(answer, "words");
    const jvalue *warnings = json_member(&root, "warnings");
    check_string_list(warnings, false, "warnings", answer);
    o->warnings = warnings->count;
    for (size_t i = 0; i < warnings->count; i++) {
        const char *w = warnings->items[i].text.data;
        HARNESS_CHECK(strstr(w, "user store"), "warning names no store: %s", answer);
        for (int k = 0; k < 2; k++) {
            char named[600];
            snprintf(named, sizeof named, "user store %s:", paths[k]);
            if (strstr(w, named)) {
                o->warned[k] = true;
                char aside[600];
                snprintf(aside, sizeof aside, "moved to %s.corrupt-1,", paths[k]);
                if (strstr(w, aside)) o->moved[k] = true;
            }
            char temp[64];
            snprintf(temp, sizeof temp, "removed %s.tmp-", file_names[k]);
            if (strstr(w, temp)) o->temp_removed[k] = true;
        }
    }
    jfree(&root);
    free(answer);
}

/* What a file that cannot be read held stays in memory only: a reopen starts it empty. */
static void forget_unsaved(void) {
    if (M.unwritable[0]) model_clear_learned();
    if (M.unwritable[1]) model_clear_words();
}

static void close_store(void) {
    char *answer = take(rust_close_user_store(), "rust_close_user_store", "");
    HARNESS_CHECK(!strcmp(answer, "{\"closed\":true}"), "closing an open store: %s", answer);
    free(answer);
}

/* Reopen with nothing damaged: the same state. */
static void check_reopened(const opened *o) {
    forget_unsaved();
    HARNESS_CHECK(o->words == M.nwords, "reopened with %lu words, %zu saved", o->words, M.nwords);
    if (!M.tainted) HARNESS_CHECK(o->learned == learned_count(), "reopened with %lu learned, %zu saved", o->learned, learned_count());
    size_t expected = (size_t)M.unwritable[0] + (size_t)M.unwritable[1];
    HARNESS_CHECK(o->warnings == expected, "reopening saved files warned %zu times (expected %zu)", o->warnings, expected);
    list_words(false);
}

static void remove_tree(const char *path);

/* Empties the directory (files and directories put there by damage). */
static void empty_directory(void) {
    DIR *d = opendir(directory);
    HARNESS_CHECK(d, "cannot open %s", directory);
    struct dirent *e;
    char path[1024];
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        snprintf(path, sizeof path, "%s/%s", directory, e->d_name);
        remove_tree(path);
    }
    closedir(d);
}

static void remove_tree(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (d) {
            struct dirent *e;
            char inner[1024];
            while ((e = readdir(d))) {
                if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
                snprintf(inner, sizeof inner, "%s/%s", path, e->d_name);
                remove_tree(inner);
            }
            closedir(d);
        }
        rmdir(path);
    } else {
        unlink(path);
    }
}

static void cleanup(void) {
    char *answer = rust_close_user_store();
    if (answer) rust_free_string(answer);
    if (*directory) {
        empty_directory();
        rmdir(directory);
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *env = getenv("CYRILLIC_IME_FUZZ_DICTIONARY");
    const char *path = env && *env ? env : TINY_DICTIONARY;
    HARNESS_CHECK(*path, "no dictionary: build with -DTINY_DICTIONARY or set CYRILLIC_IME_FUZZ_DICTIONARY");
    char *answer = take(rust_load_dictionary(path), "rust_load_dictionary", path);
    HARNESS_CHECK(strstr(answer, "\"loaded\":true"), "%s does not load: %s", path, answer);
    free(answer);
    const char *tmp = getenv("TMPDIR");
    snprintf(directory, sizeof directory, "%s/cime-user-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    HARNESS_CHECK(mkdtemp(directory), "mkdtemp %s failed", directory);
    for (int k = 0; k < 2; k++) snprintf(paths[k], sizeof paths[k], "%s/%s", directory, file_names[k]);
    atexit(cleanup);
    M.last = -1;
    return 0;
}

/* ---------- conversions ---------- */

static char *convert(const hstr *reading, size_t candidates, size_t alternatives) {
    hstr request = {0};
    hstr_append_cstr(&request, "{\"reading\":");
    json_hstr(&request, reading);
    char tail[96];
    snprintf(tail, sizeof tail, ",\"candidates\":%zu,\"alternatives\":%zu}", candidates, alternatives);
    hstr_append_cstr(&request, tail);
    char *answer = take(rust_convert(request.data), "rust_convert", request.data);
    HARNESS_CHECK(check_conversion(answer, reading->data, candidates, alternatives, NULL, 0), "converting %s failed: %s",
                  request.data, answer);
    hstr_free(&request);
    return answer;
}

static char *segment_candidates(const hstr *reading, size_t limit) {
    hstr request = {0};
    hstr_append_cstr(&request, "{\"reading\":");
    json_hstr(&request, reading);
    char tail[96];
    snprintf(tail, sizeof tail, ",\"segments\":[%zu],\"index\":0,\"limit\":%zu}", scalars(reading), limit);
    hstr_append_cstr(&request, tail);
    char *answer = take(rust_segment_candidates(request.data), "rust_segment_candidates", request.data);
    HARNESS_CHECK(check_segment_candidates(answer, reading->data, limit), "candidates of %s failed: %s", request.data, answer);
    hstr_free(&request);
    return answer;
}

/* Predictions of `prefix`: checked in shape; every reading starts with the prefix as the
 * dictionary reads both (learned phrases keep their reading as typed). */
static char *predict(const hstr *prefix, size_t limit) {
    hstr request = {0};
    hstr_append_cstr(&request, "{\"reading\":");
    json_hstr(&request, prefix);
    char tail[48];
    snprintf(tail, sizeof tail, ",\"limit\":%zu}", limit);
    hstr_append_cstr(&request, tail);
    char *answer = take(rust_predict(request.data), "rust_predict", request.data);
    HARNESS_CHECK(check_predictions(answer, NULL, limit), "predicting %s failed: %s", request.data, answer);
    jvalue root;
    parse(answer, &root, "predict");
    const jvalue *list = json_member(&root, "predictions");
    hstr want = {0}, got = {0};
    kana_convert(&want, prefix->data, prefix->len, FORM_LOOKUP);
    for (size_t i = 0; i < list->count; i++) {
        const hstr *r = &json_member(&list->items[i], "reading")->text;
        hstr_clear(&got);
        kana_convert(&got, r->data, r->len, FORM_LOOKUP);
        HARNESS_CHECK(starts_with(&got, &want), "prediction reading %s does not start with %s: %s", r->data, prefix->data, answer);
    }
    hstr_free(&want);
    hstr_free(&got);
    jfree(&root);
    hstr_free(&request);
    return answer;
}

/* The first candidates of a conversion answer, joined, and the segment readings. */
static void first_candidates(const char *json, hstr *joined, size_t *nsegments, hstr *first) {
    jvalue root;
    parse(json, &root, "conversion");
    const jvalue *segments = json_member(&root, "segments");
    hstr_clear(joined);
    if (first) hstr_clear(first);
    for (size_t s = 0; s < segments->count; s++) {
        const hstr *c = &json_member(&segments->items[s], "candidates")->items[0].text;
        hstr_append(joined, c->data, c->len);
        if (s == 0 && first) hstr_append(first, c->data, c->len);
    }
    *nsegments = segments->count;
    jfree(&root);
}

/* The learned phrase `p` (the most recent learned) converts back as committed. */
static void check_phrase_converts(const phrase *p, size_t candidates, size_t alternatives) {
    char *answer = convert(&p->reading, candidates, alternatives);
    jvalue root;
    parse(answer, &root, "conversion");
    const jvalue *segments = json_member(&root, "segments");
    HARNESS_CHECK(segments->count == p->nsegs, "learned %zu segments for %s, converted to %zu: %s", p->nsegs, p->reading.data,
                  segments->count, answer);
    for (size_t s = 0; s < p->nsegs; s++) {
        const jvalue *segment = &segments->items[s];
        HARNESS_CHECK(same(&json_member(segment, "reading")->text, &p->segs[s].reading), "segment %zu is not the learned %s: %s", s,
                      p->segs[s].reading.data, answer);
        HARNESS_CHECK(same(&json_member(segment, "candidates")->items[0].text, &p->segs[s].text),
                      "segment %zu does not put the learned %s first: %s", s, p->segs[s].text.data, answer);
    }
    const jvalue *alts = json_member(&root, "alternatives");
    if (alternatives > 0)
        HARNESS_CHECK(alts->count > 0 && same(&alts->items[0].text, &p->text), "the first alternative is not the learned %s: %s",
                      p->text.data, answer);
    jfree(&root);
    free(answer);
}

/* ---------- learning ---------- */

static void gen_reading(reader *in, hstr *out, bool *kana) {
    size_t n = 1 + get(in) % 5;
    hstr_clear(out);
    *kana = true;
    for (size_t i = 0; i < n; i++) {
        const rpiece *p = &reading_pieces[get(in) % READING_PIECES];
        hstr_append_cstr(out, p->text);
        *kana = *kana && p->kana;
    }
}

static void gen_text(reader *in, const hstr *reading, hstr *out) {
    uint8_t kind = get(in);
    hstr_clear(out);
    switch (kind % 10) {
    case 0: case 1: case 2: case 3: {
        size_t n = 1 + kind / 10 % 2;
        for (size_t i = 0; i < n; i++) hstr_append_cstr(out, text_pieces[get(in) % TEXT_PIECES]);
        break;
    }
    case 4: hiragana(out, reading); break;
    case 5: kana_convert(out, reading->data, reading->len, FORM_KATAKANA); break;
    case 6: case 7: {
        size_t n = get(in) % 12;
        for (size_t i = 0; i < n; i++) {
            uint8_t b = get(in);
            hstr_append(out, (const char *)&b, 1);
        }
        hstr lossy = {0};
        hstr_reserve(&lossy, 0);
        utf8_lossy(&lossy, out->data, out->len);
        copy(out, &lossy);
        hstr_free(&lossy);
        break;
    }
    case 8: {
        static const char *const odd[] = {"\t", "a\xC2\x85", "\x7F", "", "\n"};
        hstr_append_cstr(out, odd[get(in) % 5]);
        break;
    }
    default: {
        /* Around the limits: 64, 65, 256, 257 characters. */
        static const size_t lengths[] = {64, 65, 256, 257};
        size_t n = lengths[get(in) % 4];
        for (size_t i = 0; i < n; i++) hstr_append_cstr(out, "字");
        break;
    }
    }
}

static void model_learn(const hstr *reading, pair *segs, size_t nsegs) {
    for (size_t s = 0; s < nsegs; s++) {
        bool found = false;
        for (size_t i = 0; i < M.nsegs && !found; i++) found = same(&M.segs[i].reading, &segs[s].reading) && same(&M.segs[i].text, &segs[s].text);
        if (!found && M.nsegs < CAP) {
            copy(&M.segs[M.nsegs].reading, &segs[s].reading);
            copy(&M.segs[M.nsegs].text, &segs[s].text);
            M.nsegs++;
        }
    }
    if (scalars(reading) > 64) return;
    hstr text = {0};
    hstr_reserve(&text, 0);
    for (size_t s = 0; s < nsegs; s++) hstr_append(&text, segs[s].text.data, segs[s].text.len);
    long at = -1;
    for (size_t i = 0; i < M.nphrases && at < 0; i++)
        if (same(&M.phrases[i].reading, reading) && same(&M.phrases[i].text, &text)) at = (long)i;
    if (at < 0) {
        HARNESS_CHECK(M.nphrases < CAP, "model full");
        at = (long)M.nphrases++;
        copy(&M.phrases[at].reading, reading);
        copy(&M.phrases[at].text, &text);
    }
    phrase *p = &M.phrases[at];
    for (size_t k = 0; k < p->nsegs; k++) pair_free(&p->segs[k]);
    for (size_t s = 0; s < nsegs; s++) {
        memset(&p->segs[s], 0, sizeof p->segs[s]);
        copy(&p->segs[s].reading, &segs[s].reading);
        copy(&p->segs[s].text, &segs[s].text);
    }
    p->nsegs = nsegs;
    M.last = at;
    hstr_free(&text);
}

/* Whether the text was committed as its own kana (such phrases are not predicted). */
static bool own_kana(const phrase *p) {
    hstr hira = {0};
    hiragana(&hira, &p->reading);
    bool own = same(&p->text, &hira) || same(&p->text, &p->reading);
    hstr_free(&hira);
    return own;
}

static void check_learned_answer(const char *answer, bool valid, const char *request) {
    jvalue root;
    bool error = store_answer(answer, &root, "learn");
    HARNESS_CHECK(error != valid, "learn %s: %s", valid ? "refused a valid commit" : "accepted an invalid commit",
                  valid ? answer : request);
    if (!error) {
        static const char *const keys[] = {"learned", "saved", "warnings"};
        check_keys(&root, keys, 3, answer);
        HARNESS_CHECK(bool_member(answer, "learned"), "learned is not true: %s", answer);
        check_saved(&root, answer, 0, 1);
    }
    jfree(&root);
}

static void op_learn(reader *in) {
    size_t nsegs = 1 + get(in) % 4;
    pair segs[MAX_SEGS];
    memset(segs, 0, sizeof segs);
    hstr reading = {0}, request = {0};
    hstr_reserve(&reading, 0);
    bool valid = true, kana;
    uint8_t flags = get(in);
    for (size_t s = 0; s < nsegs; s++) {
        gen_reading(in, &segs[s].reading, &kana);
        if (flags & 0x40 && s == 0) { /* a long reading: over the phrase limit, sometimes over 256 */
            hstr unit = {0};
            copy(&unit, &segs[s].reading);
            for (size_t k = 0, n = 16 + get(in) % 64; k < n; k++) hstr_append(&segs[s].reading, unit.data, unit.len);
            hstr_free(&unit);
        }
        gen_text(in, &segs[s].reading, &segs[s].text);
        hstr_append(&reading, segs[s].reading.data, segs[s].reading.len);
        valid = valid && storable(&segs[s].reading, 256) && storable(&segs[s].text, 256);
    }
    valid = valid && storable(&reading, 256);
    /* Sometimes the readings do not join to the reading. */
    bool mismatch = (flags & 0x0F) == 0x0F;
    if (mismatch) {
        hstr_append_cstr(&reading, "の");
        valid = false;
    }
    hstr_append_cstr(&request, "{\"reading\":");
    json_hstr(&request, &reading);
    hstr_append_cstr(&request, ",\"segments\":[");
    for (size_t s = 0; s < nsegs; s++) {
        hstr_append_cstr(&request, s ? ",{\"reading\":" : "{\"reading\":");
        json_hstr(&request, &segs[s].reading);
        hstr_append_cstr(&request, ",\"text\":");
        json_hstr(&request, &segs[s].text);
        hstr_append_cstr(&request, "}");
    }
    hstr_append_cstr(&request, "]}");
    char *answer = take(rust_learn(request.data), "rust_learn", request.data);
    check_learned_answer(answer, valid, request.data);
    free(answer);
    if (valid) {
        model_learn(&reading, segs, nsegs);
        if (scalars(&reading) <= 64 && !M.tainted) {
            const phrase *p = &M.phrases[M.last];
            check_phrase_converts(p, 1 + (flags >> 4) % 8, (flags >> 3) % 3);
            /* Predicted first from any prefix (unless committed as its own kana). */
            if (!own_kana(p)) {
                hstr prefix = {0};
                prefix_of(&prefix, &reading, 1 + get(in) % scalars(&reading));
                size_t limit = 1 + get(in) % 12;
                char *predicted = predict(&prefix, limit);
                jvalue root;
                parse(predicted, &root, "predict");
                const jvalue *list = json_member(&root, "predictions");
                HARNESS_CHECK(list->count > 0 && same(&json_member(&list->items[0], "text")->text, &p->text) &&
                                  same(&json_member(&list->items[0], "reading")->text, &p->reading),
                              "the phrase %s → %s just learned is not predicted first for %s: %s", p->reading.data, p->text.data,
                              prefix.data, predicted);
                jfree(&root);
                free(predicted);
                hstr_free(&prefix);
            }
        }
    }
    for (size_t s = 0; s < nsegs; s++) pair_free(&segs[s]);
    hstr_free(&reading);
    hstr_free(&request);
}

/* Raw bytes as a request to export `which` (0 learn, 1 user words, 2 forget). */
static void op_raw(reader *in, int which) {
    size_t n = get(in) % 96;
    hstr request = {0};
    for (size_t i = 0; i < n && more(in); i++) {
        uint8_t b = get(in);
        if (b == 0) break;
        hstr_append(&request, (const char *)&b, 1);
    }
    hstr_reserve(&request, 0);
    static const char *const names[] = {"rust_learn", "rust_user_words", "rust_forget"};
    char *(*const calls[])(const char *) = {rust_learn, rust_user_words, rust_forget};
    char *answer = take(calls[which](request.data), names[which], request.data);
    jvalue root;
    if (!store_answer(answer, &root, names[which])) {
        /* Accepted: whatever it did, the model no longer knows (a raw learn, forget, add). */
        check_saved(&root, answer, -1, -1);
        if (which == 0) {
            static const char *const keys[] = {"learned", "saved", "warnings"};
            check_keys(&root, keys, 3, answer);
            M.tainted = true;
        } else if (which == 1) {
            static const char *const keys[] = {"words", "saved", "warnings"};
            check_keys(&root, keys, 3, answer);
            check_words(&root, answer, true);
        } else {
            static const char *const keys[] = {"forgotten", "saved", "warnings"};
            check_keys(&root, keys, 3, answer);
            if (member_number(answer, "forgotten") > 0 || strstr(request.data, "words")) {
                M.tainted = true;
                list_words(true);
            }
        }
    }
    jfree(&root);
    free(answer);
    hstr_free(&request);
}

/* ---------- user words ---------- */

/* Whether anything learned could come before a user word of `reading` (as typed) in a
 * segment of exactly that reading: a phrase of that reading, a choice for it or a prefix. */
static bool learned_competes(const hstr *reading) {
    if (M.tainted) return true;
    for (size_t i = 0; i < M.nphrases; i++)
        if (same(&M.phrases[i].reading, reading)) return true;
    for (size_t i = 0; i < M.nsegs; i++)
        if (starts_with(reading, &M.segs[i].reading)) return true;
    return false;
}

/* The first (byte order) text of the user words of a hiragana reading. */
static const hstr *first_word(const hstr *hira) {
    const hstr *best = NULL;
    for (size_t i = 0; i < M.nwords; i++)
        if (same(&M.words[i].reading, hira) && (!best || cmp(&M.words[i].text, best) < 0)) best = &M.words[i].text;
    return best;
}

static void check_word_converts(const hstr *reading, uint8_t knobs) {
    hstr hira = {0}, joined = {0}, first = {0};
    hiragana(&hira, reading);
    const hstr *expected = first_word(&hira);
    HARNESS_CHECK(expected, "no model word for %s", hira.data);
    if (!learned_competes(reading)) {
        size_t limit = 1 + knobs % 6;
        char *answer = segment_candidates(reading, limit);
        jvalue root;
        parse(answer, &root, "candidates");
        HARNESS_CHECK(same(&json_member(&root, "candidates")->items[0].text, expected),
                      "the user word %s → %s is not first as a segment of its own: %s", hira.data, expected->data, answer);
        jfree(&root);
        free(answer);
        answer = convert(reading, limit, knobs / 8 % 3);
        size_t nsegments;
        first_candidates(answer, &joined, &nsegments, &first);
        if (nsegments == 1)
            HARNESS_CHECK(same(&first, expected), "the user word %s → %s does not convert alone: %s", hira.data, expected->data, answer);
        free(answer);
    }
    /* Predicted from a prefix: first when no learned phrase competes. */
    bool phrases_compete = M.tainted;
    hstr prefix = {0}, ph = {0}, pr = {0};
    prefix_of(&prefix, reading, 1 + knobs / 32 % scalars(reading));
    hiragana(&pr, &prefix);
    for (size_t i = 0; i < M.nphrases && !phrases_compete; i++) {
        hiragana(&ph, &M.phrases[i].reading);
        if (starts_with(&ph, &pr) && !own_kana(&M.phrases[i])) phrases_compete = true;
    }
    if (!phrases_compete) {
        /* Shortest reading first, then by reading, then by text. */
        const pair *best = NULL;
        for (size_t i = 0; i < M.nwords; i++) {
            const pair *w = &M.words[i];
            if (!starts_with(&w->reading, &pr)) continue;
            if (!best) { best = w; continue; }
            size_t a = scalars(&w->reading), b = scalars(&best->reading);
            int c = cmp(&w->reading, &best->reading);
            if (a < b || (a == b && (c < 0 || (c == 0 && cmp(&w->text, &best->text) < 0)))) best = w;
        }
        char *answer = predict(&prefix, 1 + knobs % 9);
        jvalue root;
        parse(answer, &root, "predict");
        const jvalue *list = json_member(&root, "predictions");
        HARNESS_CHECK(best && list->count > 0 && same(&json_member(&list->items[0], "text")->text, &best->text),
                      "the user word %s → %s is not predicted first for %s: %s", best ? best->reading.data : "?",
                      best ? best->text.data : "?", prefix.data, answer);
        jfree(&root);
        free(answer);
    }
    hstr_free(&prefix);
    hstr_free(&ph);
    hstr_free(&pr);
    hstr_free(&hira);
    hstr_free(&joined);
    hstr_free(&first);
}

static void op_word(reader *in, bool add) {
    hstr reading = {0}, text = {0}, hira = {0}, request = {0};
    bool kana;
    uint8_t pick = get(in);
    if (!add && M.nwords > 0 && pick & 1) {
        /* A stored word, its reading sometimes in katakana. */
        const pair *w = &M.words[(pick >> 1) % M.nwords];
        hstr_clear(&reading);
        kana_convert(&reading, w->reading.data, w->reading.len, pick & 0x80 ? FORM_KATAKANA : FORM_HIRAGANA);
        copy(&text, &w->text);
    } else {
        gen_reading(in, &reading, &kana);
        gen_text(in, &reading, &text);
    }
    hstr_reserve(&reading, 0);
    hstr_reserve(&text, 0);
    hiragana(&hira, &reading);
    bool valid = word_reading_ok(&reading) && storable(&text, 64);
    long at = valid ? find_word(&hira, &text) : -1;
    bool expect_ok = valid && (add ? (at >= 0 || M.nwords < 2000) : at >= 0);
    hstr_append_cstr(&request, add ? "{\"action\":\"add\",\"reading\":" : "{\"action\":\"remove\",\"reading\":");
    json_hstr(&request, &reading);
    hstr_append_cstr(&request, ",\"text\":");
    json_hstr(&request, &text);
    hstr_append_cstr(&request, "}");
    char *answer = take(rust_user_words(request.data), "rust_user_words", request.data);
    jvalue root;
    bool error = store_answer(answer, &root, "user words");
    HARNESS_CHECK(error != expect_ok, "%s %s: %s", add ? "add" : "remove", expect_ok ? "refused" : "accepted", expect_ok ? answer : request.data);
    if (!error) {
        static const char *const keys[] = {"words", "saved", "warnings"};
        check_keys(&root, keys, 3, answer);
        bool changed = add ? at < 0 : true;
        check_saved(&root, answer, 1, changed);
        if (add && at < 0 && M.nwords < CAP) {
            copy(&M.words[M.nwords].reading, &hira);
            copy(&M.words[M.nwords].text, &text);
            M.nwords++;
        } else if (!add) {
            pair_free(&M.words[at]);
            M.words[at] = M.words[--M.nwords];
            memset(&M.words[M.nwords], 0, sizeof M.words[M.nwords]);
        }
        check_words(&root, answer, false);
        if (add) check_word_converts(&reading, get(in));
    }
    jfree(&root);
    free(answer);
    hstr_free(&reading);
    hstr_free(&text);
    hstr_free(&hira);
    hstr_free(&request);
}

/* ---------- forgetting ---------- */

static size_t model_forget(const hstr *reading, const hstr *text) {
    size_t removed = 0;
    for (size_t i = 0; i < M.nsegs;) {
        if (same(&M.segs[i].reading, reading) && same(&M.segs[i].text, text)) {
            pair_free(&M.segs[i]);
            M.segs[i] = M.segs[--M.nsegs];
            memset(&M.segs[M.nsegs], 0, sizeof M.segs[M.nsegs]);
            removed++;
        } else {
            i++;
        }
    }
    for (size_t i = 0; i < M.nphrases;) {
        phrase *p = &M.phrases[i];
        bool doomed = same(&p->reading, reading) && same(&p->text, text);
        for (size_t s = 0; s < p->nsegs && !doomed; s++) doomed = same(&p->segs[s].reading, reading) && same(&p->segs[s].text, text);
        if (doomed) {
            if (M.last == (long)i) M.last = -1;
            phrase_free(p);
            M.phrases[i] = M.phrases[--M.nphrases];
            memset(&M.phrases[M.nphrases], 0, sizeof M.phrases[M.nphrases]);
            if (M.last == (long)M.nphrases) M.last = (long)i;
            removed++;
        } else {
            i++;
        }
    }
    return removed;
}

static void op_forget(reader *in) {
    hstr reading = {0}, text = {0}, request = {0};
    uint8_t pick = get(in);
    bool kana;
    if (pick % 3 == 0 && M.nsegs > 0) {
        const pair *s = &M.segs[(pick / 3) % M.nsegs];
        copy(&reading, &s->reading);
        copy(&text, &s->text);
    } else if (pick % 3 == 1 && M.nphrases > 0) {
        const phrase *p = &M.phrases[(pick / 3) % M.nphrases];
        copy(&reading, &p->reading);
        copy(&text, &p->text);
    } else {
        gen_reading(in, &reading, &kana);
        gen_text(in, &reading, &text);
    }
    hstr_reserve(&reading, 0);
    hstr_reserve(&text, 0);
    hstr_append_cstr(&request, "{\"reading\":");
    json_hstr(&request, &reading);
    hstr_append_cstr(&request, ",\"text\":");
    json_hstr(&request, &text);
    hstr_append_cstr(&request, "}");
    char *answer = take(rust_forget(request.data), "rust_forget", request.data);
    jvalue root;
    HARNESS_CHECK(!store_answer(answer, &root, "forget"), "forgetting %s failed: %s", request.data, answer);
    static const char *const keys[] = {"forgotten", "saved", "warnings"};
    check_keys(&root, keys, 3, answer);
    size_t expected = model_forget(&reading, &text);
    unsigned long forgotten = member_number(answer, "forgotten");
    if (!M.tainted) HARNESS_CHECK(forgotten == expected, "forgot %lu, the model %zu: %s → %s", forgotten, expected, request.data, answer);
    check_saved(&root, answer, 0, M.tainted ? -1 : forgotten > 0);
    jfree(&root);
    free(answer);
    hstr_free(&reading);
    hstr_free(&text);
    hstr_free(&request);
}

static void op_forget_all(reader *in) {
    uint8_t knobs = get(in);
    bool words = knobs & 1;
    /* A phrase learned before, to check it is not predicted any more. */
    phrase former = {0};
    bool have_former = false;
    if (!M.tainted && M.nphrases > 0) {
        const phrase *p = &M.phrases[(knobs >> 1) % M.nphrases];
        copy(&former.reading, &p->reading);
        copy(&former.text, &p->text);
        have_former = !own_kana(p);
    }
    char *answer = take(rust_forget(words ? "{\"all\":true,\"words\":true}" : "{\"all\":true}"), "rust_forget", "all");
    jvalue root;
    HARNESS_CHECK(!store_answer(answer, &root, "forget all"), "forgetting all failed: %s", answer);
    static const char *const keys[] = {"forgotten", "saved", "warnings"};
    check_keys(&root, keys, 3, answer);
    unsigned long forgotten = member_number(answer, "forgotten");
    size_t learned = learned_count();
    if (!M.tainted)
        HARNESS_CHECK(forgotten == learned + (words ? M.nwords : 0), "forgot %lu of %zu learned and %zu words: %s", forgotten, learned,
                      words ? M.nwords : 0, answer);
    if (M.tainted) check_saved(&root, answer, -1, -1);
    else if (!learned && !(words && M.nwords)) check_saved(&root, answer, 0, 0);
    /* Forgetting the words too may save both files, and either may be the unwritable one. */
    else if (words) check_saved(&root, answer, -1, -1);
    else check_saved(&root, answer, 0, 1);
    jfree(&root);
    free(answer);
    model_clear_learned();
    if (words) model_clear_words();
    list_words(false);

    /* Without a store, for comparison: close, convert and predict, reopen (nothing learned). */
    hstr probe = {0}, prefix = {0};
    if (have_former) copy(&probe, &former.reading);
    else hstr_append_cstr(&probe, "わたしのなまえはなかのです");
    prefix_of(&prefix, &probe, 1 + (knobs >> 4) % scalars(&probe));
    size_t limit = 1 + knobs % 10;
    close_store();
    char *bare_convert = convert(&probe, 5, 3);
    char *bare_predict = predict(&prefix, limit);
    opened o;
    open_store(&o);
    HARNESS_CHECK(o.learned == 0, "learned %lu after forgetting all", o.learned);
    check_reopened(&o);
    char *with_convert = convert(&probe, 5, 3);
    char *with_predict = predict(&prefix, limit);
    if (M.nwords == 0) {
        HARNESS_CHECK(!strcmp(bare_convert, with_convert), "an empty store converts differently:\n%s\n%s", bare_convert, with_convert);
        HARNESS_CHECK(!strcmp(bare_predict, with_predict), "an empty store predicts differently:\n%s\n%s", bare_predict, with_predict);
    }
    if (have_former) {
        /* The former phrase's text is predicted only if the dictionary or a user word predicts it. */
        jvalue with, bare;
        parse(with_predict, &with, "predict");
        parse(bare_predict, &bare, "predict");
        const jvalue *wl = json_member(&with, "predictions"), *bl = json_member(&bare, "predictions");
        for (size_t i = 0; i < wl->count; i++) {
            const hstr *t = &json_member(&wl->items[i], "text")->text;
            if (!same(t, &former.text)) continue;
            bool explained = false;
            for (size_t j = 0; j < bl->count && !explained; j++) explained = same(&json_member(&bl->items[j], "text")->text, t);
            for (size_t j = 0; j < M.nwords && !explained; j++) explained = same(&M.words[j].text, t);
            HARNESS_CHECK(explained, "forgotten phrase %s → %s still predicted: %s", former.reading.data, former.text.data, with_predict);
        }
        jfree(&with);
        jfree(&bare);
    }
    free(bare_convert);
    free(bare_predict);
    free(with_convert);
    free(with_predict);
    hstr_free(&probe);
    hstr_free(&prefix);
    phrase_free(&former);
}

/* ---------- conversions of the table ---------- */

static void op_convert(reader *in) {
    hstr reading = {0};
    bool kana;
    gen_reading(in, &reading, &kana);
    uint8_t knobs = get(in);
    size_t limit = 1 + knobs % 10;
    char *answer;
    switch (knobs >> 6) {
    case 0: answer = convert(&reading, limit, knobs / 16 % 4); break;
    case 1: answer = segment_candidates(&reading, limit); break;
    default: answer = predict(&reading, limit); break;
    }
    free(answer);
    hstr_free(&reading);
}

/* ---------- reopening, damaged files ---------- */

static void reopen(void) {
    close_store();
    opened o;
    open_store(&o);
    check_reopened(&o);
    if (!M.tainted && M.last >= 0) check_phrase_converts(&M.phrases[M.last], 5, 2);
}

static bool file_exists(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0;
}

static void write_file(const char *path, const char *bytes, size_t n) {
    FILE *f = fopen(path, "wb");
    HARNESS_CHECK(f, "cannot write %s", path);
    if (n) HARNESS_CHECK(fwrite(bytes, 1, n, f) == n, "cannot write %s", path);
    fclose(f);
}

/* Replaces the `end` line of a store file (body = the bytes before it) with a fresh count and checksum. */
static void reseal(hstr *file, size_t body_len, long count_delta, size_t header_lines) {
    size_t lines = 0;
    for (size_t i = 0; i < body_len; i++) lines += file->data[i] == '\n';
    long records = (long)lines - (long)header_lines + count_delta;
    char end[96];
    snprintf(end, sizeof end, "end\t%ld\t%016llx\n", records < 0 ? 0 : records,
             (unsigned long long)dict_checksum((const uint8_t *)file->data, body_len));
    file->len = body_len;
    hstr_append_cstr(file, end);
}

static const char *const field_pieces[] = {
    "0", "1", "42", "-1", "1.5", "1e308", "inf", "NaN", "18446744073709551615", "18446744073709551616", "99999999999",
    "わたし", "私", "テレビ", "ゝ", "a", "", " ", "\xEF\xBF\xBD", "\xFF", "字字字字字字字字字字字字字字字字字字字字字字字字字字字字字字字字字",
};
enum { FIELD_PIECES = sizeof field_pieces / sizeof *field_pieces };
static const char *const record_heads[] = {"tick", "s", "p", "w", "end", "CyrillicIME learning", "CyrillicIME user words", "x"};

static void op_damage(reader *in) {
    uint8_t knobs = get(in);
    int kind = knobs & 1;
    const char *path = paths[kind];
    size_t size = 0;
    char *bytes = file_exists(path) && !M.unwritable[kind] ? harness_read_file(path, &size) : harness_strdup("");
    hstr file = {0};
    hstr_append(&file, bytes, size);
    free(bytes);
    hstr_reserve(&file, 0);
    hstr saved = {0};
    copy(&saved, &file);
    size_t header_lines = kind == 0 ? 2 : 1;
    int mode = M.unwritable[kind] ? 8 : (knobs >> 1) % 9; /* a directory stays a directory */
    bool directory_in_place = false, stray_temp = false;
    close_store();
    switch (mode) {
    case 0: /* flip bytes */
        for (int k = 0, n = 1 + get(in) % 4; k < n && file.len; k++) file.data[get(in) * 257u % file.len] ^= (char)(1 + get(in) % 255);
        break;
    case 1: /* cut */
        file.len = file.len ? (get(in) * 131u + get(in)) % file.len : 0;
        break;
    case 2: { /* insert raw bytes */
        size_t at = file.len ? (get(in) * 131u) % (file.len + 1) : 0;
        hstr out = {0};
        hstr_append(&out, file.data, at);
        for (size_t k = 0, n = 1 + get(in) % 16; k < n; k++) {
            uint8_t b = get(in);
            hstr_append(&out, (const char *)&b, 1);
        }
        hstr_append(&out, file.data + at, file.len - at);
        hstr_free(&file);
        file = out;
        break;
    }
    case 3: case 4: case 5: { /* replace, insert or delete a line, then reseal (count off by one for mode 5) */
        const char *end = NULL;
        for (size_t i = file.len; i-- > 1;)
            if (file.data[i - 1] == '\n' && !strncmp(file.data + i, "end\t", 4)) { end = file.data + i; break; }
        if (!end) break;
        size_t body_len = (size_t)(end - file.data);
        /* Line starts in the body. */
        size_t starts[CAP * 2], nlines = 0;
        for (size_t i = 0; i < body_len && nlines < CAP * 2; i++)
            if (i == 0 || file.data[i - 1] == '\n') starts[nlines++] = i;
        size_t line = nlines ? get(in) % (nlines + 1) : 0;
        size_t from = line < nlines ? starts[line] : body_len;
        size_t to = line + 1 < nlines ? starts[line + 1] : body_len;
        hstr out = {0};
        hstr_append(&out, file.data, from);
        uint8_t action = get(in) % 3;
        if (action != 2) { /* a new line */
            hstr_append_cstr(&out, record_heads[get(in) % 8]);
            for (size_t k = 0, n = get(in) % 7; k < n; k++) {
                hstr_append_cstr(&out, "\t");
                uint8_t f = get(in);
                if (f < 200) hstr_append_cstr(&out, field_pieces[f % FIELD_PIECES]);
                else hstr_append_cstr(&out, text_pieces[f % TEXT_PIECES]);
            }
            hstr_append_cstr(&out, "\n");
        }
        size_t rest = action == 1 ? from : to; /* 1: insert before the line */
        if (line < nlines || action == 1) hstr_append(&out, file.data + rest, body_len - rest);
        size_t new_body = out.len;
        hstr_free(&file);
        file = out;
        reseal(&file, new_body, mode == 5 ? (get(in) & 1 ? 1 : -1) : 0, header_lines);
        break;
    }
    case 6: /* raw bytes */
        hstr_clear(&file);
        for (size_t k = 0, n = get(in) % 64; k < n; k++) {
            uint8_t b = get(in);
            hstr_append(&file, (const char *)&b, 1);
        }
        break;
    case 7: /* a stray temporary file left by an interrupted save */
        stray_temp = true;
        break;
    default: /* a directory where the file was */
        directory_in_place = true;
        break;
    }
    bool changed = !directory_in_place && !stray_temp && !hstr_equals(&file, saved.data, saved.len);
    bool existed = file_exists(path);
    if (changed) write_file(path, file.data, file.len);
    if (stray_temp) {
        char temp[600];
        snprintf(temp, sizeof temp, "%s.tmp-1-%u", path, get(in));
        write_file(temp, "half", 4);
    }
    if (directory_in_place && !M.unwritable[kind]) {
        remove_tree(path);
        HARNESS_CHECK(mkdir(path, 0700) == 0, "mkdir %s", path);
    }
    opened o;
    open_store(&o);
    forget_unsaved();
    int other = 1 - kind;
    /* The other file is untouched. */
    if (other == 1) HARNESS_CHECK(o.words == M.nwords, "the words changed (%lu, %zu) when the learning file was damaged", o.words, M.nwords);
    else if (!M.tainted) HARNESS_CHECK(o.learned == learned_count(), "learning changed when the words file was damaged");
    if (stray_temp) {
        HARNESS_CHECK(o.temp_removed[kind], "a stray temporary file of %s was not reported removed", path);
    } else if (directory_in_place || M.unwritable[kind]) {
        M.unwritable[kind] = true;
        HARNESS_CHECK(o.warned[kind] && !o.moved[kind], "an unreadable %s was not reported, or was moved", path);
        HARNESS_CHECK(kind == 0 ? o.learned == (M.tainted ? o.learned : 0) : o.words == 0, "an unreadable file gave data");
        if (kind == 0) model_clear_learned();
        else model_clear_words();
    } else if (changed && (o.moved[kind] || o.warned[kind])) {
        /* Set aside whole, the store empty. */
        HARNESS_CHECK(o.moved[kind], "damaged %s was reported but not moved aside", path);
        HARNESS_CHECK(!file_exists(path), "damaged %s is still in place", path);
        char aside[600];
        snprintf(aside, sizeof aside, "%s.corrupt-1", path);
        size_t n = 0;
        char *kept = harness_read_file(aside, &n);
        HARNESS_CHECK(hstr_equals(&file, kept, n), "%s does not hold the damaged bytes", aside);
        free(kept);
        remove_tree(aside);
        if (kind == 0) {
            HARNESS_CHECK(o.learned == 0, "learning not empty after its file was set aside");
            model_clear_learned();
        } else {
            HARNESS_CHECK(o.words == 0, "words not empty after their file was set aside");
            model_clear_words();
        }
    } else if (changed) {
        /* Accepted as it is. */
        if (kind == 0) M.tainted = true;
        else list_words(true);
    } else {
        HARNESS_CHECK(!o.warned[kind] && existed == file_exists(path), "an intact %s was reported: %zu warnings", path, o.warnings);
    }
    list_words(kind == 1);
    hstr_free(&file);
    hstr_free(&saved);
}

/* ---------- the driver ---------- */

static void reset(void) {
    char *answer = rust_close_user_store();
    HARNESS_CHECK(answer, "rust_close_user_store returned NULL");
    rust_free_string(answer);
    empty_directory();
    model_clear_learned();
    model_clear_words();
    M.unwritable[0] = M.unwritable[1] = false;
    opened o;
    open_store(&o);
    HARNESS_CHECK(o.learned == 0 && o.words == 0 && o.warnings == 0, "a fresh store is not empty");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader in = {data, size, 0};
    reset();
    for (int ops = 0; ops < MAX_OPS && more(&in); ops++) {
        uint8_t op = get(&in) % 12;
        if (getenv("USER_STORE_TRACE")) fprintf(stderr, "op %u: learned %zu, words %zu, tainted %d\n", op, learned_count(), M.nwords, M.tainted);
        switch (op) {
        case 0: case 1: op_learn(&in); break;
        case 2: op_raw(&in, 0); break;
        case 3: op_word(&in, true); break;
        case 4: op_word(&in, false); break;
        case 5: list_words(false); break;
        case 6: op_forget(&in); break;
        case 7: op_forget_all(&in); break;
        case 8: op_convert(&in); break;
        case 9: reopen(); break;
        case 10: op_damage(&in); break;
        default: op_raw(&in, 1 + get(&in) % 2); break;
        }
    }
    return 0;
}
