//! Every bound the engine enforces, in one place (documented in docs/FFI.md).
//! Each limit turns oversized input into a clear error instead of unbounded work.

/// Largest data document (`profiles.json` or `japaneseKanaEngine.json`) accepted.
pub const MAX_DOCUMENT_BYTES: usize = 4 * 1024 * 1024;
/// Deepest JSON nesting accepted in a data document.
pub const MAX_JSON_DEPTH: usize = 16;
/// Most JSON values (strings, numbers, arrays, objects, …) in one data document. Bounds
/// the memory a document takes while it is read (each value is 32 bytes plus its text).
pub const MAX_JSON_VALUES: usize = 1 << 18;
/// Most profiles in one `profiles.json`.
pub const MAX_PROFILES: usize = 64;
/// Most entries in the kana inventory.
pub const MAX_KANA: usize = 4096;
/// Most rules in one profile, shared rule sets included.
pub const MAX_RULES_PER_PROFILE: usize = 8192;
/// Most rules in all profiles together, shared rule sets counted once per profile that
/// uses them. Bounds the memory of the compiled engine (about 300 bytes per rule).
pub const MAX_TOTAL_RULES: usize = 65536;
/// Most shared rule sets in `japaneseKanaEngine.json` (and so in one profile's `ruleSets`).
pub const MAX_RULE_SETS: usize = 256;
/// Longest rule input, in characters. Also bounds how long a legitimate buffer gets.
pub const MAX_RULE_INPUT_CHARS: usize = 8;
/// Longest kana text one inventory entry may produce, in characters.
pub const MAX_RULE_OUTPUT_CHARS: usize = 8;
/// Most keys in one layout row.
pub const MAX_KEYS_PER_ROW: usize = 16;
/// Longest key string accepted by `rust_process_key`, in bytes (room for long emoji sequences).
pub const MAX_KEY_BYTES: usize = 256;
/// Longest pending buffer accepted by `rust_process_key`, in bytes.
pub const MAX_BUFFER_BYTES: usize = 256;
/// Longest profile id accepted by `rust_process_key`, in bytes.
pub const MAX_PROFILE_ID_BYTES: usize = 128;
/// Longest reading `rust_convert` and friends accept, in characters (a long sentence is
/// about 120 kana; a keyboard converts far less at a time).
pub const MAX_READING_CHARS: usize = 256;
/// Most words a conversion request's `typed` may give (the writer's own words, docs/FFI.md).
pub const MAX_TYPED_WORDS: usize = 64;
/// Longest typed word, in characters (a word, not a sentence: the keyboard sends each apart).
pub const MAX_TYPED_WORD_CHARS: usize = 64;
/// Longest language code of `typed`, in characters (BCP 47's longest usual tag, 35).
pub const MAX_TYPED_LANGUAGE_CHARS: usize = 35;
/// Most candidates per segment (and predictions) one call returns.
pub const MAX_CANDIDATES: usize = 100;
/// Most candidates the rewriters add to one segment after its words (a day's six date forms,
/// a reading's emoji): a bar shows about nine, and a caller sizing a list needs a bound. The
/// script forms (at most five) and the segment as typed come after them.
pub const MAX_REWRITER_CANDIDATES: usize = 8;
/// Most whole-reading alternatives one call returns.
pub const MAX_ALTERNATIVES: usize = 50;
/// Longest dictionary path accepted, in bytes.
pub const MAX_PATH_BYTES: usize = 4096;
/// Longest conversion request JSON accepted, in bytes.
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;
/// Most layers besides the letters (shared ones included) one profile may have.
pub const MAX_LAYERS: usize = 8;
/// Most pages in one layer (the layer's `{shift}` turns them).
pub const MAX_PAGES_PER_LAYER: usize = 4;
/// Longest label of a page or of the letters (`123`, `#+=`, `あ`), in characters.
pub const MAX_LAYER_LABEL_CHARS: usize = 8;
/// Most key inputs in one `keyboard` object, and most keys a layer may list in `returnToLettersAfter`.
pub const MAX_KEYS_PER_LAYER: usize = 1024;
/// Most languages in one `keyNames` object.
pub const MAX_KEY_NAME_LANGUAGES: usize = 64;
/// Longest VoiceOver name of a key, in characters.
pub const MAX_KEY_NAME_CHARS: usize = 64;
/// Most words in the user dictionary (adding one more is refused: the writer chose them).
pub const MAX_USER_WORDS: usize = 2000;
/// Longest reading of a user word, in characters.
pub const MAX_USER_READING_CHARS: usize = 32;
/// Longest text of a user word, in characters.
pub const MAX_USER_TEXT_CHARS: usize = 64;
/// Most learned segment choices (reading → text) kept; the least recently used go first.
pub const MAX_LEARNED_CHOICES: usize = 2000;
/// Most learned whole phrases kept; the least recently used go first.
pub const MAX_LEARNED_PHRASES: usize = 500;
/// Longest whole reading learned as a phrase, in characters (its segments are learned
/// whatever its length).
pub const MAX_LEARNED_PHRASE_CHARS: usize = 64;
/// Longest text learned for one segment, in characters.
pub const MAX_LEARNED_TEXT_CHARS: usize = 256;
/// Largest logical clock (learn calls) a learning file may hold: 2^53, far beyond any
/// keyboard's lifetime and still exact as a float; a bigger one is a damaged file.
pub const MAX_LEARNING_TICK: u64 = 1 << 53;
/// Largest user store file read (a bigger one is set aside as damaged).
pub const MAX_USER_STORE_FILE_BYTES: usize = 4 * 1024 * 1024;
/// Most unsaved changes a user store keeps to replay over what another process saved
/// (while its saves fail); past it the oldest are replayed no more (they stay in memory
/// only until the next merge).
pub const MAX_UNSAVED_CHANGES: usize = 1000;
/// Longest a save waits for another process to release the user store's lock, in
/// milliseconds (a save holds it for a few); past it the change stays in memory, unsaved.
pub const USER_STORE_LOCK_WAIT_MS: u64 = 2000;
