//! CyrillicIME core: converts Cyrillic (and other) transcriptions of Japanese into
//! kana, key by key, from rules that live in data files.
//!
//! - [`json`]: the strict, bounded JSON reader the data files go through.
//! - [`config`]: validation of `profiles.json` and `japaneseKanaEngine.json`.
//! - [`compose`]: composition of decomposed letters (`е` + U+0308 → `ё`).
//! - [`composer`]: the language-independent longest-match composer.
//! - [`kana_script`]: hiragana → katakana and the dakuten cycles.
//! - [`engine`]: the key contract (named keys, limits, actions, error results).
//! - [`ffi`]: the C ABI declared in `include/cyrillic_ime_core.h`.

pub mod compose;
pub mod composer;
pub mod config;
pub mod engine;
pub mod ffi;
pub mod json;
pub mod kana_script;
pub mod limits;

pub use engine::{Action, Engine, Key, KeyResult};
