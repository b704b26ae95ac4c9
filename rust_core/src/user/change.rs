//! One change to the user store, as a value: applied once in memory, and replayed over
//! what another process saved when this one merges before its save (docs/LEARNING.md,
//! "More than one process").

use super::file::Kind;
use super::{UserData, WordClass};

/// A change the writer asked for. Replaying it over newer data gives what the writer
/// meant: a learn advances that data's clock, a forget forgets what is there now.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A committed conversion (already checked with `check_commit`), written after the word
    /// `before` when it had a left context (`UserData::learn_after`).
    Learn { before: Option<String>, reading: String, segments: Vec<(String, String)> },
    /// A user word (reading checked and in hiragana, text checked) of a class.
    AddWord { reading: String, text: String, class: WordClass },
    RemoveWord { reading: String, text: String },
    /// One learned choice and every phrase holding it.
    Forget { reading: String, text: String },
    /// Every choice learned for a reading, and every phrase holding one.
    ForgetReading { reading: String },
    /// Every learned choice and phrase.
    ForgetLearning,
    /// Every user word.
    ForgetWords,
}

impl Change {
    /// The file the change is saved in.
    pub fn kind(&self) -> Kind {
        match self {
            Change::Learn { .. } | Change::Forget { .. } | Change::ForgetReading { .. } | Change::ForgetLearning => Kind::Learning,
            Change::AddWord { .. } | Change::RemoveWord { .. } | Change::ForgetWords => Kind::Words,
        }
    }

    /// Applies the change to `data`: how many items it added or removed (0: nothing
    /// changed, nothing to save), or why it cannot be made (the user dictionary is full).
    pub fn apply(&self, data: &mut UserData) -> Result<usize, String> {
        match self {
            Change::Learn { before, reading, segments } => {
                data.learn_after(before.as_deref(), reading, segments);
                Ok(1)
            }
            Change::AddWord { reading, text, class } => data.add_word_as(reading, text, *class).map(usize::from),
            Change::RemoveWord { reading, text } => Ok(usize::from(data.remove_word(reading, text))),
            Change::Forget { reading, text } => Ok(data.forget(reading, text)),
            Change::ForgetReading { reading } => Ok(data.forget_reading(reading)),
            Change::ForgetLearning => Ok(data.forget_all()),
            Change::ForgetWords => Ok(data.forget_words()),
        }
    }
}
