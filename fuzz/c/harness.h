/*
 * harness.h — helpers shared by the C fuzz targets, the memcheck driver and the reload
 * stress test: a strict JSON reader written independently of the Rust core (so the
 * core's answers are checked by code that shares none of its bugs), UTF-8 helpers that
 * match Rust's String::from_utf8_lossy, and the documented meaning of named keys.
 *
 * Header-only (static functions) so every program compiles with one command.
 */
#ifndef CYRILLIC_IME_HARNESS_H
#define CYRILLIC_IME_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- failing loudly ---------- */

/* Reports a broken invariant and aborts, which libFuzzer records as a crash. */
#define HARNESS_FAIL(...)                                                        \
    do {                                                                         \
        fprintf(stderr, "\nINVARIANT BROKEN at %s:%d: ", __FILE__, __LINE__);    \
        fprintf(stderr, __VA_ARGS__);                                            \
        fprintf(stderr, "\n");                                                   \
        abort();                                                                 \
    } while (0)

#define HARNESS_CHECK(cond, ...)          \
    do {                                  \
        if (!(cond)) HARNESS_FAIL(__VA_ARGS__); \
    } while (0)

/* ---------- growable byte strings ---------- */

typedef struct {
    char *data; /* always NUL-terminated; may also contain NULs */
    size_t len;
    size_t cap;
} hstr;

/* Makes room for `extra` more bytes; data stays NUL-terminated (allocated if it was NULL). */
static inline void hstr_reserve(hstr *s, size_t extra) {
    if (s->len + extra + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 32;
        while (cap < s->len + extra + 1) cap *= 2;
        char *data = realloc(s->data, cap);
        if (!data) HARNESS_FAIL("out of memory");
        s->data = data;
        s->cap = cap;
    }
    s->data[s->len] = '\0';
}

static inline void hstr_append(hstr *s, const char *bytes, size_t n) {
    hstr_reserve(s, n);
    if (n) memcpy(s->data + s->len, bytes, n);
    s->len += n;
    s->data[s->len] = '\0';
}

static inline void hstr_append_cstr(hstr *s, const char *text) { hstr_append(s, text, strlen(text)); }

static inline void hstr_clear(hstr *s) {
    s->len = 0;
    hstr_reserve(s, 0);
    s->data[0] = '\0';
}

static inline void hstr_free(hstr *s) {
    free(s->data);
    s->data = NULL;
    s->len = s->cap = 0;
}

static inline bool hstr_equals(const hstr *s, const char *bytes, size_t n) {
    return s->len == n && (n == 0 || memcmp(s->data, bytes, n) == 0);
}

/* A copy of a C string (strdup is not ISO C). */
static inline char *harness_strdup(const char *text) {
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (!copy) HARNESS_FAIL("out of memory");
    memcpy(copy, text, n);
    return copy;
}

/* ---------- UTF-8 ---------- */

static inline void utf8_encode(hstr *out, uint32_t c) {
    char b[4];
    size_t n;
    if (c < 0x80) {
        b[0] = (char)c;
        n = 1;
    } else if (c < 0x800) {
        b[0] = (char)(0xC0 | (c >> 6));
        b[1] = (char)(0x80 | (c & 0x3F));
        n = 2;
    } else if (c < 0x10000) {
        b[0] = (char)(0xE0 | (c >> 12));
        b[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        b[2] = (char)(0x80 | (c & 0x3F));
        n = 3;
    } else {
        b[0] = (char)(0xF0 | (c >> 18));
        b[1] = (char)(0x80 | ((c >> 12) & 0x3F));
        b[2] = (char)(0x80 | ((c >> 6) & 0x3F));
        b[3] = (char)(0x80 | (c & 0x3F));
        n = 4;
    }
    hstr_append(out, b, n);
}

/*
 * Decodes one scalar at s[*i]. Returns true and advances *i past it when the bytes there
 * are a complete, valid UTF-8 sequence. Otherwise returns false and advances *i past the
 * "maximal subpart" of an invalid sequence (at least one byte), exactly as Rust's
 * from_utf8_lossy does before inserting one U+FFFD.
 */
static inline bool utf8_next(const unsigned char *s, size_t n, size_t *i, uint32_t *out) {
    unsigned char b = s[*i];
    if (b < 0x80) {
        *out = b;
        *i += 1;
        return true;
    }
    size_t need;
    unsigned char lo = 0x80, hi = 0xBF;
    uint32_t c;
    if (b >= 0xC2 && b <= 0xDF) {
        need = 1;
        c = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        c = b & 0x0F;
        if (b == 0xE0) lo = 0xA0;
        if (b == 0xED) hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        c = b & 0x07;
        if (b == 0xF0) lo = 0x90;
        if (b == 0xF4) hi = 0x8F;
    } else {
        *i += 1;
        return false;
    }
    size_t j = *i + 1;
    for (size_t k = 0; k < need; k++, j++) {
        if (j >= n) {
            *i = j;
            return false;
        }
        unsigned char cb = s[j];
        unsigned char l = k == 0 ? lo : 0x80, h = k == 0 ? hi : 0xBF;
        if (cb < l || cb > h) {
            *i = j;
            return false;
        }
        c = (c << 6) | (cb & 0x3F);
    }
    *i = j;
    *out = c;
    return true;
}

static inline bool utf8_valid(const char *s, size_t n) {
    size_t i = 0;
    uint32_t c;
    while (i < n)
        if (!utf8_next((const unsigned char *)s, n, &i, &c)) return false;
    return true;
}

/* Rust's String::from_utf8_lossy: each maximal invalid subpart becomes one U+FFFD. */
static inline void utf8_lossy(hstr *out, const char *s, size_t n) {
    size_t i = 0;
    uint32_t c;
    while (i < n) {
        if (utf8_next((const unsigned char *)s, n, &i, &c))
            utf8_encode(out, c);
        else
            utf8_encode(out, 0xFFFD);
    }
}

/* Decodes valid UTF-8 into scalars; returns the count (caller frees *out). */
static inline size_t utf8_scalars(const char *s, size_t n, uint32_t **out) {
    uint32_t *scalars = malloc((n + 1) * sizeof *scalars);
    if (!scalars) HARNESS_FAIL("out of memory");
    size_t i = 0, count = 0;
    uint32_t c;
    while (i < n) {
        if (!utf8_next((const unsigned char *)s, n, &i, &c)) c = 0xFFFD;
        scalars[count++] = c;
    }
    *out = scalars;
    return count;
}

/* Hiragana → katakana, as docs/FFI.md describes the `:katakana` suffix. */
static inline uint32_t katakana_of(uint32_t c) {
    if ((c >= 0x3041 && c <= 0x3096) || (c >= 0x309D && c <= 0x309E)) return c + 0x60;
    return c;
}

/* ---------- a strict JSON reader (RFC 8259) ---------- */

typedef enum { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } jkind;

typedef struct jvalue {
    jkind kind;
    hstr text;             /* J_STRING: decoded UTF-8 (may contain NUL) */
    size_t count;          /* J_ARRAY / J_OBJECT: number of items */
    struct jvalue *items;  /* items (arrays) or member values (objects) */
    hstr *keys;            /* J_OBJECT: member names, decoded */
} jvalue;

typedef struct {
    const char *s;
    size_t n, i;
    int depth;
    const char *error;
} jparser;

static inline void jfree(jvalue *v) {
    hstr_free(&v->text);
    for (size_t k = 0; k < v->count; k++) {
        jfree(&v->items[k]);
        if (v->keys) hstr_free(&v->keys[k]);
    }
    free(v->items);
    free(v->keys);
    memset(v, 0, sizeof *v);
}

static inline void jws(jparser *p) {
    while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' || p->s[p->i] == '\r')) p->i++;
}

static inline int jhex4(jparser *p, uint32_t *out) {
    if (p->i + 4 > p->n) return 0;
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) {
        char c = p->s[p->i + k];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (uint32_t)(c - 'A' + 10);
        else return 0;
    }
    p->i += 4;
    *out = v;
    return 1;
}

static inline int jstring(jparser *p, hstr *out) {
    p->i++; /* opening quote */
    hstr_clear(out);
    while (p->i < p->n) {
        unsigned char c = (unsigned char)p->s[p->i];
        if (c == '"') {
            p->i++;
            if (!utf8_valid(out->data, out->len)) { p->error = "string is not valid UTF-8"; return 0; }
            return 1;
        }
        if (c < 0x20) { p->error = "raw control character in string"; return 0; }
        if (c != '\\') {
            hstr_append(out, &p->s[p->i], 1);
            p->i++;
            continue;
        }
        p->i++;
        if (p->i >= p->n) break;
        char e = p->s[p->i++];
        switch (e) {
        case '"': hstr_append(out, "\"", 1); break;
        case '\\': hstr_append(out, "\\", 1); break;
        case '/': hstr_append(out, "/", 1); break;
        case 'b': hstr_append(out, "\b", 1); break;
        case 'f': hstr_append(out, "\f", 1); break;
        case 'n': hstr_append(out, "\n", 1); break;
        case 'r': hstr_append(out, "\r", 1); break;
        case 't': hstr_append(out, "\t", 1); break;
        case 'u': {
            uint32_t u;
            if (!jhex4(p, &u)) { p->error = "bad \\u escape"; return 0; }
            if (u >= 0xDC00 && u <= 0xDFFF) { p->error = "lone low surrogate"; return 0; }
            if (u >= 0xD800 && u <= 0xDBFF) {
                uint32_t low;
                if (p->i + 2 > p->n || p->s[p->i] != '\\' || p->s[p->i + 1] != 'u') { p->error = "unpaired surrogate"; return 0; }
                p->i += 2;
                if (!jhex4(p, &low) || low < 0xDC00 || low > 0xDFFF) { p->error = "unpaired surrogate"; return 0; }
                u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
            }
            utf8_encode(out, u);
            break;
        }
        default: p->error = "bad escape"; return 0;
        }
    }
    p->error = "unterminated string";
    return 0;
}

static inline int jvalue_parse(jparser *p, jvalue *v);

static inline int jcontainer(jparser *p, jvalue *v, bool object) {
    if (++p->depth > 64) { p->error = "too deep"; return 0; }
    p->i++;
    size_t cap = 0;
    jws(p);
    char close = object ? '}' : ']';
    if (p->i < p->n && p->s[p->i] == close) { p->i++; p->depth--; return 1; }
    for (;;) {
        if (v->count == cap) {
            cap = cap ? cap * 2 : 4;
            v->items = realloc(v->items, cap * sizeof *v->items);
            if (object) v->keys = realloc(v->keys, cap * sizeof *v->keys);
            if (!v->items || (object && !v->keys)) HARNESS_FAIL("out of memory");
        }
        jvalue *item = &v->items[v->count];
        memset(item, 0, sizeof *item);
        if (object) memset(&v->keys[v->count], 0, sizeof v->keys[v->count]);
        v->count++;
        jws(p);
        if (object) {
            if (p->i >= p->n || p->s[p->i] != '"') { p->error = "expected a key"; return 0; }
            if (!jstring(p, &v->keys[v->count - 1])) return 0;
            jws(p);
            if (p->i >= p->n || p->s[p->i] != ':') { p->error = "expected ':'"; return 0; }
            p->i++;
            jws(p);
        }
        if (!jvalue_parse(p, item)) return 0;
        jws(p);
        if (p->i < p->n && p->s[p->i] == ',') { p->i++; continue; }
        if (p->i < p->n && p->s[p->i] == close) { p->i++; p->depth--; return 1; }
        p->error = "expected ',' or a closing bracket";
        return 0;
    }
}

static inline int jvalue_parse(jparser *p, jvalue *v) {
    memset(v, 0, sizeof *v);
    if (p->i >= p->n) { p->error = "unexpected end"; return 0; }
    char c = p->s[p->i];
    if (c == '{') { v->kind = J_OBJECT; return jcontainer(p, v, true); }
    if (c == '[') { v->kind = J_ARRAY; return jcontainer(p, v, false); }
    if (c == '"') { v->kind = J_STRING; return jstring(p, &v->text); }
    if (p->n - p->i >= 4 && !memcmp(p->s + p->i, "true", 4)) { v->kind = J_BOOL; p->i += 4; return 1; }
    if (p->n - p->i >= 5 && !memcmp(p->s + p->i, "false", 5)) { v->kind = J_BOOL; p->i += 5; return 1; }
    if (p->n - p->i >= 4 && !memcmp(p->s + p->i, "null", 4)) { v->kind = J_NULL; p->i += 4; return 1; }
    if (c == '-' || (c >= '0' && c <= '9')) {
        v->kind = J_NUMBER;
        if (c == '-') p->i++;
        size_t start = p->i;
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
        if (p->i == start || (p->s[start] == '0' && p->i - start > 1)) { p->error = "bad number"; return 0; }
        if (p->i < p->n && p->s[p->i] == '.') {
            size_t f = ++p->i;
            while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
            if (p->i == f) { p->error = "bad fraction"; return 0; }
        }
        if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
            p->i++;
            if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-')) p->i++;
            size_t e = p->i;
            while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
            if (p->i == e) { p->error = "bad exponent"; return 0; }
        }
        return 1;
    }
    p->error = "unexpected character";
    return 0;
}

/* Parses a whole document; on failure returns false and sets *error. */
static inline bool json_parse(const char *s, size_t n, jvalue *out, const char **error) {
    jparser p = {s, n, 0, 0, NULL};
    jws(&p);
    bool ok = jvalue_parse(&p, out);
    if (ok) {
        jws(&p);
        if (p.i != n) { ok = false; p.error = "text after the document"; }
    }
    if (!ok) {
        jfree(out);
        if (error) *error = p.error;
    }
    return ok;
}

/* The member named `name` of an object, or NULL. */
static inline const jvalue *json_member(const jvalue *object, const char *name) {
    if (object->kind != J_OBJECT) return NULL;
    for (size_t k = 0; k < object->count; k++)
        if (hstr_equals(&object->keys[k], name, strlen(name))) return &object->items[k];
    return NULL;
}

/* ---------- the key contract of rust_process_key ---------- */

/* What a result of rust_process_key says, checked against docs/FFI.md. */
typedef struct {
    jvalue root;
    const hstr *output, *buffer, *action, *error;
} key_result;

/*
 * Parses a rust_process_key answer and checks its shape: a JSON object whose members are
 * exactly output, buffer, action (strings) and, for action "error" only, error (a
 * non-empty string), each once; action one of the documented four. Aborts otherwise.
 */
static inline void key_result_parse(const char *json, key_result *r) {
    const char *error = NULL;
    memset(r, 0, sizeof *r);
    HARNESS_CHECK(json != NULL, "rust_process_key returned NULL (a panic was caught)");
    HARNESS_CHECK(json_parse(json, strlen(json), &r->root, &error), "result is not JSON (%s): %s", error, json);
    HARNESS_CHECK(r->root.kind == J_OBJECT, "result is not an object: %s", json);
    for (size_t k = 0; k < r->root.count; k++) {
        const hstr *key = &r->root.keys[k];
        const jvalue *value = &r->root.items[k];
        const hstr **slot = NULL;
        if (hstr_equals(key, "output", 6)) slot = &r->output;
        else if (hstr_equals(key, "buffer", 6)) slot = &r->buffer;
        else if (hstr_equals(key, "action", 6)) slot = &r->action;
        else if (hstr_equals(key, "error", 5)) slot = &r->error;
        else HARNESS_FAIL("undocumented field %s in %s", key->data, json);
        HARNESS_CHECK(*slot == NULL, "field %s twice in %s", key->data, json);
        HARNESS_CHECK(value->kind == J_STRING, "field %s is not a string in %s", key->data, json);
        *slot = &value->text;
    }
    HARNESS_CHECK(r->output && r->buffer && r->action, "missing output, buffer or action: %s", json);
    bool is_error = hstr_equals(r->action, "error", 5);
    HARNESS_CHECK(is_error || hstr_equals(r->action, "commit", 6) || hstr_equals(r->action, "compose", 7) ||
                      hstr_equals(r->action, "delete_backward", 15),
                  "undocumented action in %s", json);
    HARNESS_CHECK(is_error == (r->error != NULL), "error field present iff action is error: %s", json);
    HARNESS_CHECK(!r->error || r->error->len > 0, "empty error message: %s", json);
    /* compose iff something is pending; an error result never leaves anything pending. */
    if (hstr_equals(r->action, "compose", 7)) HARNESS_CHECK(r->buffer->len > 0, "compose with an empty buffer: %s", json);
    if (hstr_equals(r->action, "commit", 6) || is_error || hstr_equals(r->action, "delete_backward", 15))
        HARNESS_CHECK(r->buffer->len == 0, "non-empty buffer with action %s: %s", r->action->data, json);
}

static inline void key_result_free(key_result *r) { jfree(&r->root); }

/* The named keys of docs/FFI.md. */
typedef enum { KEY_TEXT, KEY_BACKSPACE, KEY_FLUSH } key_kind;

/* Classifies a key; for text keys *text is what the key types ({space} → " ", {enter} → "\n"). */
static inline key_kind key_classify(const char *key, size_t n, const char **text, size_t *text_len) {
    *text = key;
    *text_len = n;
    if ((n == 11 && !memcmp(key, "{backspace}", 11)) || (n == 1 && key[0] == '\b')) return KEY_BACKSPACE;
    if (n == 7 && !memcmp(key, "{flush}", 7)) return KEY_FLUSH;
    if (n == 7 && !memcmp(key, "{space}", 7)) { *text = " "; *text_len = 1; }
    if (n == 7 && !memcmp(key, "{enter}", 7)) { *text = "\n"; *text_len = 1; }
    return KEY_TEXT;
}

/* Calls rust_process_key and copies the answer (NULL stays NULL), freeing the original. */
static inline char *harness_take(char *result, void (*free_fn)(char *)) {
    if (!result) return NULL;
    char *copy = harness_strdup(result);
    free_fn(result);
    return copy;
}

/* ---------- files ---------- */

static inline char *harness_read_file(const char *path, size_t *size_out) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "harness: cannot open %s\n", path);
        exit(2);
    }
    hstr s = {0};
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) hstr_append(&s, chunk, got);
    fclose(f);
    hstr_reserve(&s, 0);
    if (size_out) *size_out = s.len;
    return s.data;
}

/* The directory holding profiles.json and japaneseKanaEngine.json. */
static inline const char *harness_resources_dir(void) {
    const char *env = getenv("CYRILLIC_IME_RESOURCES");
#ifdef RESOURCES_DIR
    return env && *env ? env : RESOURCES_DIR;
#else
    if (env && *env) return env;
    fprintf(stderr, "harness: set CYRILLIC_IME_RESOURCES to Sources/CyrillicIME/Resources\n");
    exit(2);
#endif
}

static inline char *harness_read_resource(const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", harness_resources_dir(), name);
    return harness_read_file(path, NULL);
}

#endif /* CYRILLIC_IME_HARNESS_H */
