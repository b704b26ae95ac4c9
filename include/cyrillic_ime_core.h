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
 * The running engine's profiles as an owned JSON object
 * {"profiles": [{"id", "language", "names": {"en", "ja", "native"}, "rows": [[…] ×5]}]},
 * or {"error": message} when no engine has been initialised. NULL only if a panic was caught.
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
 * memory-mapped, not copied). Requests and results are JSON; every result is an owned
 * string to free with rust_free_string, NULL only if a panic was caught. A failed request
 * returns {"error": message, "reading": the reading of the request}: commit the reading
 * as it is, so nothing typed is lost. Every function is safe from any thread, also while
 * another thread loads a new dictionary (calls in flight finish on the old one).
 */

/*
 * Opens the compiled dictionary at `path`, validates it (magic, version, checksum, every
 * section in bounds) and swaps it in. Returns its description, as rust_dictionary_info,
 * or {"error": "dictionary <path>: <problem>", "reading": ""}; after an error the
 * dictionary that was loaded before stays loaded (or none, if none was).
 * Ownership: `path` is borrowed; free the result with rust_free_string.
 */
char *rust_load_dictionary(const char *path);

/*
 * The loaded dictionary: {"loaded": true, "path", "bytes", "entries", "keys", "mapped",
 * "metadata": {"source", "version", …}} or {"loaded": false}.
 * Ownership: free the result with rust_free_string.
 */
char *rust_dictionary_info(void);

/*
 * Converts a reading. Request: {"reading": kana, "fixed": [segment lengths]?,
 * "candidates": per segment (default 9, at most 100)?, "alternatives": whole-reading
 * conversions (default 0, at most 50)?}. Lengths count Unicode scalar values; "fixed"
 * pins the first segments (the rest is segmented freely). Result: {"reading",
 * "segments": [{"reading", "candidates": [text…]}], "alternatives": [text…]}; each
 * segment's candidates end with its reading in hiragana and katakana unless already there.
 * Ownership: `request` is borrowed; free the result with rust_free_string.
 */
char *rust_convert(const char *request);

/*
 * Makes segment `index` longer (delta > 0) or shorter and converts again: segments
 * before it and the resized one are fixed, the rest is re-segmented. Request:
 * {"reading", "segments": [current lengths], "index", "delta", "candidates"?,
 * "alternatives"?}. Result as rust_convert.
 * Ownership: `request` is borrowed; free the result with rust_free_string.
 */
char *rust_resize_segment(const char *request);

/*
 * The candidates of one segment of a fixed segmentation. Request: {"reading",
 * "segments": [lengths], "index", "limit"?}. Result: {"candidates": [text…]}.
 * Ownership: `request` is borrowed; free the result with rust_free_string.
 */
char *rust_segment_candidates(const char *request);

/*
 * Predictions while composing: words whose reading starts with `reading`. Request:
 * {"reading", "limit"? (default 9)}. Result: {"predictions": [{"text", "reading"}…]}.
 * Ownership: `request` is borrowed; free the result with rust_free_string.
 */
char *rust_predict(const char *request);

/*
 * LEARNING AND THE USER DICTIONARY (docs/FFI.md, docs/LEARNING.md)
 *
 * A user store keeps what the writer committed (learned segments and whole phrases) and the
 * writer's own words, in two files of a directory the host gives. While one is open,
 * rust_convert, rust_resize_segment, rust_segment_candidates and rust_predict consult it
 * (same shapes). Every change is saved atomically before the call returns. Failures are
 * {"error": message}; the message names the field or the file and the problem. Every
 * function is safe from any thread, also during conversions.
 */

/*
 * Opens (creating if needed) the user store in `directory`, replacing the one open before.
 * Result: {"opened": true, "directory", "persistent": bool, "learned": n, "words": m,
 * "warnings": [text…]}. A damaged, foreign or wrong-version file is moved to
 * <file>.corrupt-<n> and starts empty (a warning names it); an unwritable location opens
 * with "persistent": false (learning in memory only). {"error"} only for a NULL, non-UTF-8,
 * empty or over-long `directory` (the store open before stays open).
 * Ownership: `directory` is borrowed; free the result with rust_free_string.
 */
char *rust_open_user_store(const char *directory);

/*
 * Closes the user store; conversions stop consulting it. Result: {"closed": bool} (false
 * when none was open). Ownership: free the result with rust_free_string.
 */
char *rust_close_user_store(void);

/*
 * Learns a committed conversion. Request: {"reading", "segments": [{"reading", "text"}…]}
 * (the segments' readings join to the reading). Result: {"learned": true, "saved": bool,
 * "warnings": [text…]}. Ownership: `request` is borrowed; free the result with rust_free_string.
 */
char *rust_learn(const char *request);

/*
 * The user dictionary. Request: {"action": "add"|"remove"|"list", "reading"?: kana (1–32),
 * "text"?: 1–64 characters, "class"?: with add, the word class (noun — the default —,
 * proper-noun, name, surname, given-name, place, organization, suru-noun, adverb,
 * interjection)}. Result: {"words": [{"reading", "text", "class"}…], "saved": bool,
 * "warnings": [text…]} listing every word. At most 2000 words.
 * Ownership: `request` is borrowed; free the result with rust_free_string.
 */
char *rust_user_words(const char *request);

/*
 * Forgets learned choices. Request: {"all": true, "words"?: bool (also empty the user
 * dictionary)}, {"reading", "text"} (that choice, and the phrases holding it) or
 * {"reading"} (every choice learned for that reading, and the phrases holding one). Result:
 * {"forgotten": n, "saved": bool, "warnings": [text…]}.
 * Ownership: `request` is borrowed; free the result with rust_free_string.
 */
char *rust_forget(const char *request);

/*
 * The open user store, as rust_open_user_store describes it: {"opened": true, "directory",
 * "persistent", "learned", "words", "warnings": []}, or {"opened": false} when none is open.
 * Ownership: free the result with rust_free_string.
 */
char *rust_user_store_info(void);

/* Test-only exports are declared in cyrillic_ime_core_testing.h. */

#ifdef __cplusplus
}
#endif

#endif /* CYRILLIC_IME_CORE_H */
