//! A text to write over a span of the input that the dictionary's look-up of the input does
//! not find there: a conventional spelling's word (`Токио` → 東京) or a foreign form of a word
//! the writer typed (`Наташа` → ナターシャ). Whoever finds such texts says what to push
//! ([`WrittenWord`]); the lattice's build pushes it (`lattice/build.rs`, `push_written`).

use crate::dictionary::format::SpecialId;
use std::borrow::Cow;
use std::ops::Range;

/// A text over characters `span` of the input, and how it joins the lattice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenWord<'a> {
    pub span: Range<usize>,
    pub text: Cow<'a, str>,
    pub how: Written<'a>,
}

/// How a [`WrittenWord`] joins the lattice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written<'a> {
    /// As the dictionary's words of `reading` written as the text, each at its own cost plus
    /// `extra`, with its own word class.
    Words { reading: Cow<'a, str>, extra: i32 },
    /// As the text itself, a word of `class` at `cost`.
    Text { class: SpecialId, cost: i32 },
}
