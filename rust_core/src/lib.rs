//! CyrillicIME core: converts Cyrillic (and other) transcriptions of Japanese into
//! kana, key by key, from rules that live in data files; then kana into kanji, learning
//! what the writer chooses.
//!
//! - [`json`]: the strict, bounded JSON reader the data files go through.
//! - [`config`]: validation of `profiles.json` and `japaneseKanaEngine.json`, with
//!   [`config::keyboard`]: the keyboard's layers, key inputs and key names.
//! - [`compose`]: composition of decomposed letters (`е` + U+0308 → `ё`).
//! - [`composer`]: the language-independent longest-match composer.
//! - [`kana_script`]: hiragana ↔ katakana and the dakuten cycles.
//! - [`width`]: full-width and half-width digits and punctuation in the output.
//! - [`engine`]: the key contract (named keys, limits, actions, error results).
//! - [`limits`]: every bound on what the core reads and keeps.
//! - [`ffi`]: the C ABI declared in `include/cyrillic_ime_core.h`.
//! - [`request`]: the reader of the exports' JSON requests (each export's own fields).
//! - [`conversion`]: kana→kanji conversion (lattice, Viterbi, N-best, segments, prediction).
//! - [`conversion_ffi`]: the conversion exports of the C ABI.
//! - [`user`]: the user store: learned choices and phrases, the user dictionary, their files.
//! - [`user_ffi`]: the user store's exports of the C ABI.
//! - [`ffi_state`]: what the exports keep between calls (the converter, the user store's data).
//! - [`dictionary`]: the compiled kana→kanji dictionary (format, writer, reader).
//! - [`foreign_lexicon`]: the established Japanese forms of the writer's own names, places
//!   and words (`Германия` → ドイツ, `Наташа` → ナターシャ), per Cyrillic language.
//! - [`transcription`]: Cyrillic words of each language written in katakana (Москва → モスクワ).

pub mod compose;
pub mod composer;
pub mod config;
pub mod conversion;
pub mod conversion_ffi;
pub mod dictionary;
pub mod engine;
pub mod ffi;
pub mod ffi_state;
pub mod foreign_lexicon;
pub mod json;
pub mod kana_script;
pub mod limits;
pub mod request;
pub mod transcription;
pub mod user;
pub mod user_ffi;
pub mod width;

pub use engine::{Action, Engine, Key, KeyResult};
