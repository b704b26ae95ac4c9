/*
 * cyrillic_ime_core.h — the C ABI of the CyrillicIME Rust core.
 *
 * The full contract (result JSON, actions, named keys, limits) is in docs/FFI.md.
 *
 * Strings: every `const char *` argument is a NUL-terminated UTF-8 string owned by
 * the caller and only read during the call; NULL and invalid UTF-8 are reported as
 * errors, never dereferenced past the terminator. Every `char *` result is owned by
 * the caller and must be released with rust_free_string, exactly once.
 *
 * Panics: no Rust panic ever unwinds into the caller. A function that returns a
 * pointer returns NULL if (and only if) a panic was caught; `bool` functions
 * return false. The library keeps working after a caught panic.
 *
 * Threads: every function may be called from any thread at any time, concurrently.
 */
#ifndef CYRILLIC_IME_CORE_H
#define CYRILLIC_IME_CORE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version this header describes; compare with rust_abi_version(). */
#define CYRILLIC_IME_CORE_ABI_VERSION 1

/*
 * Parses and validates profiles.json and japaneseKanaEngine.json and atomically
 * swaps in the new engine. Returns true on success. On failure returns false, the
 * engine that was running keeps running, and rust_last_init_error() says why.
 * May be called again at any time to reload; calls in flight finish on the engine
 * they started with.
 * Ownership: both arguments are borrowed for the duration of the call.
 * Thread safety: safe to call concurrently with every other function.
 */
bool rust_init_engine(const char *profiles_json, const char *kana_engine_json);

/*
 * Handles one key for `profile_id` (a profile id, optionally followed by ":katakana"
 * for katakana output or ":hiragana", the default), given the pending `buffer` (the marked text the
 * host is showing; "" when nothing is pending). `key` is normally one character,
 * or a named key: "{backspace}", "{flush}", "{space}", "{enter}".
 * Returns an owned UTF-8 JSON object {"output": …, "buffer": …, "action": …}
 * where action is "commit", "compose", "delete_backward" or "error" (an error
 * result also has "error": message, and its output holds the pending buffer and the
 * key as typed so nothing is lost). Returns NULL only if a panic was caught.
 * Ownership: arguments are borrowed; free the result with rust_free_string.
 * Thread safety: safe to call concurrently, including during a reload.
 */
char *rust_process_key(const char *key, const char *buffer, const char *profile_id);

/*
 * Frees a string returned by this library. NULL is a no-op.
 * Ownership: takes ownership of `ptr`; it must not be used afterwards.
 * Thread safety: safe from any thread.
 */
void rust_free_string(char *ptr);

/*
 * Why the last rust_init_engine call on the calling thread failed: an owned string
 * naming the file, the JSON path and the problem; "" if that call succeeded or none
 * was made on this thread.
 * NULL only if a panic was caught.
 * Ownership: free the result with rust_free_string.
 * Thread safety: safe from any thread; each thread sees its own last call, so
 * concurrent reloads elsewhere cannot replace the message.
 */
char *rust_last_init_error(void);

/*
 * The dakuten key: the next form of `character` (one kana, hiragana or katakana) in
 * its cycle from japaneseKanaEngine.json, e.g. は → ば → ぱ → は, つ → っ → づ → つ.
 * Returns an owned JSON object {"output": "ば", "action": "replace"} (delete the
 * character before the cursor and insert output) or {"output": "", "action": "none"}
 * when it has no other form; NULL, invalid UTF-8 or no engine give
 * {"output": "", "action": "error", "error": message}. NULL only if a panic was caught.
 * Ownership: the argument is borrowed; free the result with rust_free_string.
 * Thread safety: safe from any thread.
 */
char *rust_cycle_dakuten(const char *character);

/*
 * The running engine's profiles as an owned JSON object {"profiles": […]}: each profile's id,
 * language, names, rows and layers (the shape is in docs/FFI.md, "Profiles and their
 * keyboards"), or {"error": message} when no engine has been initialised. NULL only if a
 * panic was caught.
 * Ownership: free the result with rust_free_string.
 * Thread safety: safe from any thread.
 */
char *rust_profiles_json(void);

/*
 * The ABI version the library implements (CYRILLIC_IME_CORE_ABI_VERSION when they match).
 * Thread safety: safe from any thread.
 */
uint32_t rust_abi_version(void);

/*
 * The core's package version ("0.1.0"; rust_core/Cargo.toml), as an owned string.
 * NULL only if a panic was caught.
 * Ownership: free the result with rust_free_string.
 * Thread safety: safe from any thread.
 */
char *rust_core_version(void);

/* ---- Kana→kanji conversion (docs/FFI.md, "Conversion"; docs/DICTIONARY.md) ----
 *
 * Conversion needs a compiled dictionary, loaded once with rust_load_dictionary (it is
 * memory-mapped, not copied). Each request is one JSON object and each answer one owned JSON
 * string: every request field, its default and bounds, and every answer's shape (the
 * candidates' classes included) are in docs/FFI.md, "Request fields" and "Answers", and are
 * not repeated here. A failed request answers {"error": message, "reading": the request's
 * reading}: commit the reading as it is, so nothing typed is lost.
 *
 * An answer is NULL only if a panic was caught. Every function is safe from any thread, also
 * while another thread loads a new dictionary (calls in flight finish on the old one).
 */

/*
 * Opens the compiled dictionary at `path`, validates it (header, checksum, every section in
 * bounds) and swaps it in; after an error the dictionary loaded before stays loaded. Answers
 * its description, as rust_dictionary_info does, or an error (docs/FFI.md, "Conversion").
 * Ownership: `path` is borrowed; free the answer with rust_free_string.
 */
char *rust_load_dictionary(const char *path);

/*
 * The loaded dictionary (path, size, counts, checksum, metadata) or {"loaded": false}
 * (docs/FFI.md, "Conversion").
 * Ownership: free the answer with rust_free_string.
 */
char *rust_dictionary_info(void);

/*
 * Converts a reading into segments, each with its candidates best first (docs/FFI.md,
 * "Request fields" and "Answers").
 * Ownership: `request` is borrowed; free the answer with rust_free_string.
 */
char *rust_convert(const char *request);

/*
 * Makes one segment longer or shorter and converts the rest of the reading again
 * (docs/FFI.md, "Request fields" and "Answers").
 * Ownership: `request` is borrowed; free the answer with rust_free_string.
 */
char *rust_resize_segment(const char *request);

/*
 * The candidates of one segment of a given segmentation (docs/FFI.md, "Request fields" and
 * "Answers").
 * Ownership: `request` is borrowed; free the answer with rust_free_string.
 */
char *rust_segment_candidates(const char *request);

/*
 * Predictions while composing: words whose reading starts with the reading typed, or, for an
 * empty reading after a context, the words that usually follow it (docs/FFI.md, "Request
 * fields", "Answers" and "Next words").
 * Ownership: `request` is borrowed; free the answer with rust_free_string.
 */
char *rust_predict(const char *request);

/* ---- Learning and the user dictionary (docs/FFI.md, "Learning and the user dictionary";
 * docs/LEARNING.md) ----
 *
 * A user store keeps what the writer committed and the writer's own words, in two files of a
 * directory the host gives. While one is open, the four conversion requests above consult it
 * (same shapes). Every change is saved atomically before the call returns. Each request's
 * fields, each answer and the failures ({"error": message}, naming the field or the file) are
 * in docs/FFI.md, "Learning and the user dictionary", and are not repeated here. An answer is
 * NULL only if a panic was caught. Every function is safe from any thread, also during
 * conversions.
 */

/*
 * Opens (creating if needed) the user store in `directory`, replacing the one open before; a
 * damaged file is set aside and an unwritable place opens in memory only, each with a
 * warning.
 * Ownership: `directory` is borrowed; free the answer with rust_free_string.
 */
char *rust_open_user_store(const char *directory);

/*
 * Closes the user store; conversions stop consulting it.
 * Ownership: free the answer with rust_free_string.
 */
char *rust_close_user_store(void);

/*
 * Learns a committed conversion: its segments, after its context.
 * Ownership: `request` is borrowed; free the answer with rust_free_string.
 */
char *rust_learn(const char *request);

/*
 * Adds, removes or lists the writer's own words.
 * Ownership: `request` is borrowed; free the answer with rust_free_string.
 */
char *rust_user_words(const char *request);

/*
 * Forgets what was learned: everything (and the writer's words, if asked), what was learned
 * for one reading, or one choice.
 * Ownership: `request` is borrowed; free the answer with rust_free_string.
 */
char *rust_forget(const char *request);

/*
 * The open user store's directory and counts, or {"opened": false}.
 * Ownership: free the answer with rust_free_string.
 */
char *rust_user_store_info(void);

/* Test-only exports are declared in cyrillic_ime_core_testing.h. */

#ifdef __cplusplus
}
#endif

#endif /* CYRILLIC_IME_CORE_H */
