//! The word class of a user word (docs/LEARNING.md, "Word classes"): the part of speech it is
//! registered with, as Mozc's and azooKey's word registration ask for one. The names here are
//! the only list of them: the store files, the JSON of `rust_user_words`, the Swift API and
//! the command line all carry the name as a string and this module parses it.
//!
//! Each class stands for a special id of the dictionary (`SpecialId`, format version 4),
//! found in the data when the dictionary is compiled, so a user word joins the lattice with
//! the connection costs of its class: a place name before に or へ, a する-noun before する.

use crate::dictionary::format::SpecialId;

/// A user word's class. `Noun` is the default (and every word stored before classes existed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum WordClass {
    /// A common noun (名詞).
    #[default]
    Noun,
    /// A proper noun of no narrower class: a product, a work, an event (固有名詞).
    ProperNoun,
    /// A person's name, whole or as a nickname (人名).
    Name,
    /// A family name (姓): 田中 in 田中さん.
    Surname,
    /// A given name (名).
    GivenName,
    /// A place name (地名).
    Place,
    /// An organization: a company, a school, a team (組織).
    Organization,
    /// A noun that takes する (サ変名詞: 勉強 → 勉強する).
    SuruNoun,
    /// An adverb (副詞).
    Adverb,
    /// An interjection or greeting (感動詞).
    Interjection,
}

impl WordClass {
    /// Every class, in the order lists and messages name them.
    pub const ALL: [WordClass; 10] = [
        WordClass::Noun,
        WordClass::ProperNoun,
        WordClass::Name,
        WordClass::Surname,
        WordClass::GivenName,
        WordClass::Place,
        WordClass::Organization,
        WordClass::SuruNoun,
        WordClass::Adverb,
        WordClass::Interjection,
    ];

    /// The class's name in files, JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            WordClass::Noun => "noun",
            WordClass::ProperNoun => "proper-noun",
            WordClass::Name => "name",
            WordClass::Surname => "surname",
            WordClass::GivenName => "given-name",
            WordClass::Place => "place",
            WordClass::Organization => "organization",
            WordClass::SuruNoun => "suru-noun",
            WordClass::Adverb => "adverb",
            WordClass::Interjection => "interjection",
        }
    }

    /// The class named `name` (exactly, lower case). The error lists the valid names.
    pub fn parse(name: &str) -> Result<WordClass, String> {
        WordClass::ALL.into_iter().find(|c| c.name() == name).ok_or_else(|| {
            format!("unknown word class {}: expected one of {}", crate::json::quoted(name), WordClass::names().join(", "))
        })
    }

    /// Every class's name, in `ALL` order.
    pub fn names() -> Vec<&'static str> {
        WordClass::ALL.iter().map(|c| c.name()).collect()
    }

    /// The dictionary's id of the class.
    pub fn special_id(self) -> SpecialId {
        match self {
            WordClass::Noun => SpecialId::Noun,
            WordClass::ProperNoun => SpecialId::ProperNoun,
            WordClass::Name => SpecialId::PersonName,
            WordClass::Surname => SpecialId::Surname,
            WordClass::GivenName => SpecialId::GivenName,
            WordClass::Place => SpecialId::Place,
            WordClass::Organization => SpecialId::Organization,
            WordClass::SuruNoun => SpecialId::SuruNoun,
            WordClass::Adverb => SpecialId::Adverb,
            WordClass::Interjection => SpecialId::Interjection,
        }
    }
}

impl std::fmt::Display for WordClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
