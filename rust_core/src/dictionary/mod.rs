//! The compiled kana→kanji dictionary: its file format, the writer the compiler and
//! tests use, the reader the converter uses, and the MeCab reader the compiler uses to
//! read Mozc's data.

pub mod builder;
pub mod class_order;
pub mod format;
pub mod mapped;
pub mod mecab;
pub mod prefetch;
pub mod prediction_lists;
pub mod reader;
pub mod trie;

pub use reader::{Dictionary, DictionaryError, Entry};
