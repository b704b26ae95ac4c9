/// What the writer typed for parts of the reading, in the letters of their own language (the
/// request member `typed`, docs/FFI.md "Typed words"). The reading is kana composed through a
/// profile's transcription, which cannot spell a name like `Москва` (it becomes もсくぁ); with
/// the letters as typed — capitals kept — the core also offers such a word as the foreign word
/// it is (モスクワ), and counts a capital for a name. Swift only forwards it: which words are
/// foreign, and how they are written, is the core's business.
///
/// The words need not cover the reading: a part whose typing is not known (an edit broke it) is
/// converted from its kana as before. `TypedWords.none` sends nothing: the request is then
/// exactly what it was without typed words.
public struct TypedWords: Equatable, Sendable {
    /// The letters typed for one part of the reading.
    public struct Word: Equatable, Sendable {
        /// The letters exactly as typed, capitals kept (`Москва`).
        public var text: String
        /// The part of the reading they composed to, in Unicode scalars (as the core counts).
        public var range: Range<Int>

        public init(text: String, range: Range<Int>) {
            self.text = text
            self.range = range
        }
    }

    /// Most Unicode scalars in one word's text the core takes; a longer word is not sent.
    public static let maximumTextLength = 64
    /// Most words in one request the core takes; those after are not sent.
    public static let maximumWords = 64
    /// No typed words: the member is left out.
    public static let none = TypedWords(language: "", words: [])

    /// The language of the profile they were typed in (`ProfileDescription.language`: ru, uk,
    /// be, sr-Cyrl, bg). A language the core has no tables for gives no foreign words.
    public var language: String
    /// In reading order, not overlapping, each covering at least one scalar of the reading.
    public var words: [Word]
    /// Where the writer typed a space between words: positions in the reading (Unicode
    /// scalars) where a word must end, sent as the request's `boundaries` (docs/FFI.md, "Word
    /// boundaries"). The keyboard's Cyrillic space habit types them (docs/KEYBOARD.md).
    public var spaces: [Int]

    public init(language: String, words: [Word], spaces: [Int] = []) {
        self.language = language
        self.words = words
        self.spaces = spaces
    }

    /// For `ConversionRequest(words:)`: `typed[i]` is what was typed for `readings[i]` (`nil`
    /// where it is not known), placed on the readings joined as that request joins them. Words
    /// with an empty text or reading are left out.
    public init(language: String, typed: [String?], forEachOf readings: [String]) {
        var words: [Word] = []
        var start = 0
        for (index, reading) in readings.enumerated() {
            let end = start + reading.unicodeScalars.count
            if index < typed.count, let text = typed[index], !text.isEmpty, end > start {
                words.append(Word(text: text, range: start..<end))
            }
            start = end
        }
        self.init(language: language, words: words)
    }

    /// The words the core takes, as many as it takes: texts of 1 to `maximumTextLength`
    /// scalars, ranges within a reading of `readingLength` scalars, each after the one before,
    /// at most `maximumWords`. Typed words only help the conversion, so a host that cannot
    /// vouch for every word sends these rather than have the whole conversion refused.
    public func limited(toReadingLength readingLength: Int) -> TypedWords {
        var kept: [Word] = []
        var end = 0
        for word in words where kept.count < Self.maximumWords {
            let length = word.text.unicodeScalars.count
            guard (1...Self.maximumTextLength).contains(length), word.range.lowerBound >= end,
                  !word.range.isEmpty, word.range.upperBound <= readingLength else { continue }
            kept.append(word)
            end = word.range.upperBound
        }
        return TypedWords(language: language, words: kept, spaces: spaces)
    }

    /// The request member `boundaries`: the spaces (and `more` positions) inside `reading`
    /// (one at either end separates nothing), in order, `nil` when there are none.
    func boundaries(adding more: [Int] = [], inReadingOf reading: String) -> [Int]? {
        let length = reading.unicodeScalars.count
        let inside = Set(spaces + more).filter { $0 > 0 && $0 < length }.sorted()
        return inside.isEmpty ? nil : inside
    }

    /// Whether `character` is a letter a typed word is made of: a letter of an alphabet
    /// (Cyrillic, Latin, Greek…), not kana, kanji, digits or punctuation.
    public static func isLetter(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.properties.isAlphabetic && $0.value < 0x2E80 }
    }

    /// Whether `character` joins the letters of one word when it follows them: a hyphen, an
    /// apostrophe (`Санкт-Петербург`, `м'ясо`, `Кон’я`) or a long-vowel mark typed inside a
    /// Japanese word (`то:кё:`; the `ー` key).
    public static func isJoiner(_ character: Character) -> Bool {
        ["-", "'", "\u{2019}", "\u{02BC}", ":", "ー"].contains(character)
    }

    /// The request member, `nil` when there are no words (the member is then left out).
    var payload: Payload? {
        words.isEmpty ? nil : Payload(
            language: language,
            words: words.map { Payload.Word(text: $0.text, start: $0.range.lowerBound, end: $0.range.upperBound) })
    }

    /// `{"language", "words": [{"text", "start", "end"}…]}`.
    struct Payload: Encodable, Equatable {
        struct Word: Encodable, Equatable {
            var text: String
            var start: Int
            var end: Int
        }

        var language: String
        var words: [Word]
    }
}
