/*
 * libFuzzer target `conversion`: rust_convert, rust_resize_segment, rust_segment_candidates
 * and rust_predict on arbitrary bytes, against the tiny test dictionary (written at build
 * time by rust_core/examples/tiny_dictionary.rs) or, with CYRILLIC_IME_FUZZ_DICTIONARY set,
 * any compiled dictionary (e.g. .dictionary/mozc.cimedic).
 *
 * Input: byte 0 picks the call. 0–3 (mod 8): a structured request for convert / resize /
 * candidates / predict: bytes 1–4 are the counts (candidates, alternatives, index, delta,
 * limit; sometimes out of range), then every byte is one piece of the reading from a table
 * of kana the dictionary knows, katakana, digits of both widths, Latin letters,
 * punctuation, emoji, combining marks and JSON escapes; a byte of 0xFF starts the segment
 * lengths (one byte each, the last one adjusted to fit unless the input says not to).
 * 4–7: the rest is the request as it is (any bytes, NUL-terminated at the first NUL) for
 * export (byte 0 - 4).
 *
 * A structured convert request may also say what was typed (p[2] bit 1): one typed word per
 * segment length, its text from a table of Cyrillic words of the five languages, words with
 * Latin or Greek letters, digits, punctuation, marks and emoji, in a language picked by p[3].
 *
 * Checks: never NULL; the answer is JSON; an error is exactly {"error", "reading"} and a
 * structured request's error gives its reading back; conversions cover the reading with
 * their segments, each segment's candidates are distinct and hold its hiragana and
 * katakana, at most the requested counts, fixed and resized segment lengths honoured, the
 * first alternative is the first candidates joined; candidates of a segment hold its
 * reading forms; predictions are at most the limit, distinct, their readings starting with
 * the prefix; a well-formed request within every limit (known counts, kana of the tiny
 * dictionary, typed words whose spans lie inside the reading) never fails.
 */
#include "cyrillic_ime_core.h"
#include "harness.h"
#include "conversion_checks.h"

#ifndef TINY_DICTIONARY
#define TINY_DICTIONARY ""
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *env = getenv("CYRILLIC_IME_FUZZ_DICTIONARY");
    const char *path = env && *env ? env : TINY_DICTIONARY;
    HARNESS_CHECK(*path, "no dictionary: build with -DTINY_DICTIONARY or set CYRILLIC_IME_FUZZ_DICTIONARY");
    char *answer = conversion_take(rust_load_dictionary(path));
    HARNESS_CHECK(answer && strstr(answer, "\"loaded\":true"), "%s does not load: %s", path, answer ? answer : "NULL");
    free(answer);
    return 0;
}

/* Pieces of readings: JSON text and what it decodes to; `safe` pieces are kana of the tiny
 * dictionary, with which a well-formed request must succeed. */
typedef struct {
    const char *json, *text;
    bool safe;
} piece;

static const piece pieces[] = {
    {"わ", "わ", 1}, {"た", "た", 1}, {"し", "し", 1}, {"の", "の", 1}, {"な", "な", 1}, {"ま", "ま", 1},
    {"え", "え", 1}, {"は", "は", 1}, {"か", "か", 1}, {"で", "で", 1}, {"す", "す", 1}, {"つ", "つ", 1},
    {"き", "き", 1}, {"い", "い", 1}, {"あ", "あ", 1}, {"り", "り", 1}, {"が", "が", 1}, {"と", "と", 1},
    {"う", "う", 1}, {"ご", "ご", 1}, {"ざ", "ざ", 1}, {"て", "て", 1}, {"れ", "れ", 1}, {"び", "び", 1},
    {"く", "く", 1}, {"ん", "ん", 1}, {"ゔ", "ゔ", 1}, {"ゝ", "ゝ", 1}, {"ー", "ー", 1}, {"ア", "ア", 1},
    {"テ", "テ", 1}, {"レ", "レ", 1}, {"ビ", "ビ", 1}, {"ナ", "ナ", 1}, {"カ", "カ", 1}, {"ノ", "ノ", 1},
    {"ヴ", "ヴ", 1}, {"ヽ", "ヽ", 1}, {"ヶ", "ヶ", 1}, {"1", "1", 1}, {"9", "9", 1}, {"１", "１", 1},
    {"０", "０", 1}, {"a", "a", 1}, {"Z", "Z", 1}, {"ｘ", "ｘ", 1}, {"、", "、", 1}, {"。", "。", 1},
    {"「", "「", 1}, {"」", "」", 1}, {"・", "・", 1}, {"…", "…", 1}, {"（", "（", 1}, {" ", " ", 1},
    {"😀", "😀", 1}, {"漢", "漢", 1}, {"\\u0301", "\xCC\x81", 1}, {"\\\"", "\"", 1}, {"\\\\", "\\", 1},
    {"\\n", "\n", 1}, {"\\u0000", "", 0}, {"\\ud800", "", 0}, {"Ω", "Ω", 1}, {"\\u202e", "\xE2\x80\xAE", 1},
};
enum { PIECES = sizeof pieces / sizeof *pieces };

/* Texts of typed words (JSON): the writer's own words, and letters of no profile mixed in. */
static const char *typed_texts[] = {
    "Москва", "Иван", "ватаси", "ва", "Наташа", "дэс", "Київ", "Београд", "Мінск", "София", "Новая", "Зеландия",
    "Санкт-Петербург", "водка,", "Mосква2", "Κίνα", "Moskva", "123", "ё\\u0301ж", "😀", "-", "\\\\", "\\\"", "ъ",
    "Ђоковић", "м'ясо", "Toкио", "\\u0000x",
};
enum { TYPED_TEXTS = sizeof typed_texts / sizeof *typed_texts };
static const char *typed_languages[] = {"ru", "uk", "be", "sr-Cyrl", "bg", "ja"};

/* `"typed": {...}` with one word per segment length (spans in order, each as long as its
 * length), appended to `out`; whether every span lies inside a reading of `len` scalars (and
 * every text is well formed). */
static bool append_typed(hstr *out, const size_t *lengths, size_t count, size_t len, uint8_t pick) {
    bool fits = count <= 64;
    size_t at = 0;
    hstr_append_cstr(out, ",\"typed\":{\"language\":\"");
    hstr_append_cstr(out, typed_languages[pick % 6]);
    hstr_append_cstr(out, "\",\"words\":[");
    for (size_t k = 0; k < count; k++) {
        const char *text = typed_texts[(lengths[k] * 7 + k + pick) % TYPED_TEXTS];
        char span[64];
        snprintf(span, sizeof span, "\",\"start\":%zu,\"end\":%zu}", at, at + lengths[k]);
        hstr_append_cstr(out, k ? ",{\"text\":\"" : "{\"text\":\"");
        hstr_append_cstr(out, text);
        hstr_append_cstr(out, span);
        fits = fits && strcmp(text, "\\u0000x") != 0; /* a NUL: not a string the core reads */
        at += lengths[k];
    }
    hstr_append_cstr(out, "]}");
    return fits && at <= len;
}

static char *call(int op, const char *request) {
    char *answer = NULL;
    switch (op) {
    case 0: answer = rust_convert(request); break;
    case 1: answer = rust_resize_segment(request); break;
    case 2: answer = rust_segment_candidates(request); break;
    default: answer = rust_predict(request); break;
    }
    HARNESS_CHECK(answer != NULL, "export %d returned NULL (a panic was caught) for %s", op, request ? request : "NULL");
    return conversion_take(answer);
}

static void raw(int op, const uint8_t *data, size_t size) {
    hstr request = {0};
    hstr_append(&request, (const char *)data, size);
    hstr_reserve(&request, 0);
    char *answer = call(op, size && data[0] == 0x7F && size == 1 ? NULL : request.data);
    bool ok;
    switch (op) {
    case 0: ok = check_conversion(answer, NULL, 100, 50, NULL, 0); break;
    case 1: ok = check_conversion(answer, NULL, 100, 50, NULL, 0); break;
    case 2: ok = check_segment_candidates(answer, NULL, 100); break;
    default: ok = check_predictions(answer, NULL, 100); break;
    }
    (void)ok;
    free(answer);
    hstr_free(&request);
}

static void structured(int op, const uint8_t *data, size_t size) {
    uint8_t p[4] = {0};
    for (size_t i = 0; i < 4 && i < size; i++) p[i] = data[i];
    data += size < 4 ? size : 4;
    size -= size < 4 ? size : 4;
    hstr json = {0}, text = {0};
    hstr_reserve(&json, 0);
    hstr_reserve(&text, 0);
    bool safe = true;
    size_t i = 0;
    for (; i < size && data[i] != 0xFF && i < 300; i++) {
        const piece *q = &pieces[data[i] % PIECES];
        hstr_append_cstr(&json, q->json);
        hstr_append_cstr(&text, q->text);
        safe = safe && q->safe;
    }
    size_t len = scalar_count(text.data, text.len);
    /* Segment lengths after 0xFF: one byte each (1–8), the last adjusted so they add up,
     * unless bit 7 of p[2] asks for them as they come. */
    size_t lengths[64], count = 0, sum = 0;
    bool exact = !(p[2] & 0x80);
    for (i++; i < size && count < 64 && (!exact || sum < len); i++) {
        size_t l = 1 + data[i] % 8;
        if (exact && sum + l > len) l = len - sum;
        lengths[count++] = l;
        sum += l;
    }
    if (exact && sum < len && count < 64) lengths[count++] = len - sum, sum = len;
    hstr lengths_json = {0};
    hstr_append_cstr(&lengths_json, "[");
    for (size_t k = 0; k < count; k++) {
        char number[24];
        snprintf(number, sizeof number, "%s%zu", k ? "," : "", lengths[k]);
        hstr_append_cstr(&lengths_json, number);
    }
    hstr_append_cstr(&lengths_json, "]");
    bool lengths_fit = exact && sum == len && count > 0;

    /* Counts: mostly in range, sometimes not (p[0] bit 7 / p[1] bit 7). */
    size_t candidates = p[0] & 0x80 ? (size_t)p[0] * 3 : 1 + p[0] % 12;
    size_t alternatives = p[1] & 0x80 ? (size_t)p[1] : p[1] % 8;
    size_t index = count ? p[2] % (count + 1) : p[2] % 3;
    int delta = (int)(int8_t)p[3] % 40;
    bool counts_fit = candidates <= 100 && alternatives <= 50;
    char request[16384];
    hstr_reserve(&json, 0);
    switch (op) {
    case 0: {
        bool with_fixed = p[2] & 1, with_typed = p[2] & 2;
        hstr typed = {0};
        hstr_reserve(&typed, 0);
        bool typed_fit = !with_typed || append_typed(&typed, lengths, count, len, p[3]);
        snprintf(request, sizeof request, "{\"reading\":\"%s\",\"candidates\":%zu,\"alternatives\":%zu%s%s%s}", json.data, candidates,
                 alternatives, with_fixed ? ",\"fixed\":" : "", with_fixed ? lengths_json.data : "", typed.data);
        hstr_free(&typed);
        char *answer = call(0, request);
        size_t nfixed = with_fixed ? count : 0;
        bool ok = check_conversion(answer, safe ? text.data : NULL, candidates, alternatives, lengths, nfixed);
        bool fixed_fit = !with_fixed || (sum <= len && count > 0);
        HARNESS_CHECK(ok || !safe || !counts_fit || !fixed_fit || !typed_fit || len > 256, "a good request failed: %s → %s", request, answer);
        free(answer);
        break;
    }
    case 1: {
        snprintf(request, sizeof request, "{\"reading\":\"%s\",\"segments\":%s,\"index\":%zu,\"delta\":%d,\"candidates\":%zu}", json.data,
                 lengths_json.data, index, delta, candidates);
        char *answer = call(1, request);
        size_t fixed[65];
        size_t nfixed = 0;
        if (lengths_fit && index < count) {
            size_t before = 0;
            for (size_t k = 0; k < index; k++) fixed[nfixed++] = lengths[k], before += lengths[k];
            long resized = (long)lengths[index] + delta;
            if (resized < 1) resized = 1;
            if (resized > (long)(len - before)) resized = (long)(len - before);
            fixed[nfixed++] = (size_t)resized;
        }
        bool ok = check_conversion(answer, safe ? text.data : NULL, candidates, 0, fixed, nfixed);
        HARNESS_CHECK(ok || !safe || candidates > 100 || !lengths_fit || index >= count || len > 256,
                      "a good resize failed: %s → %s", request, answer);
        free(answer);
        break;
    }
    case 2: {
        snprintf(request, sizeof request, "{\"reading\":\"%s\",\"segments\":%s,\"index\":%zu,\"limit\":%zu}", json.data,
                 lengths_json.data, index, candidates);
        char *answer = call(2, request);
        hstr segment = {0};
        if (lengths_fit && index < count) {
            /* The segment's text: skip the scalars of the segments before it. */
            size_t skip = 0, at = 0;
            uint32_t c;
            for (size_t k = 0; k < index; k++) skip += lengths[k];
            for (size_t k = 0; k < skip; k++) utf8_next((const unsigned char *)text.data, text.len, &at, &c);
            size_t end = at;
            for (size_t k = 0; k < lengths[index]; k++) utf8_next((const unsigned char *)text.data, text.len, &end, &c);
            hstr_append(&segment, text.data + at, end - at);
        }
        hstr_reserve(&segment, 0);
        bool known = safe && lengths_fit && index < count;
        bool ok = check_segment_candidates(answer, known ? segment.data : NULL, candidates);
        HARNESS_CHECK(ok || !known || candidates > 100 || len > 256, "good candidates request failed: %s → %s", request, answer);
        hstr_free(&segment);
        free(answer);
        break;
    }
    default: {
        snprintf(request, sizeof request, "{\"reading\":\"%s\",\"limit\":%zu}", json.data, candidates);
        char *answer = call(3, request);
        bool ok = check_predictions(answer, safe ? text.data : NULL, candidates);
        HARNESS_CHECK(ok || !safe || candidates > 100 || len > 256, "a good predict request failed: %s → %s", request, answer);
        free(answer);
        break;
    }
    }
    hstr_free(&json);
    hstr_free(&text);
    hstr_free(&lengths_json);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    int selector = data[0] % 8;
    if (selector < 4)
        structured(selector, data + 1, size - 1);
    else
        raw(selector - 4, data + 1, size - 1);
    return 0;
}
