import CyrillicIME
/// Where user-perceived characters and words end, for cursor moves and deletion.
///
/// iOS moves the cursor in UTF-16 code units, so moving over one character means moving
/// over as many units as that character has: 1 for к or あ, 2 for 😀, 4 for 🇯🇵, 2 for é
/// written with a combining accent, 7 for 👍🏽 with its skin tone. Swift's `Character` is
/// exactly one user-perceived character (an extended grapheme cluster).
public enum TextBoundaries {
    /// UTF-16 length of the last user-perceived character of `text` (0 when empty).
    public static func utf16LengthOfCharacter(before text: String) -> Int {
        text.last.map { $0.utf16.count } ?? 0
    }

    /// UTF-16 length of the first user-perceived character of `text` (0 when empty).
    public static func utf16LengthOfCharacter(after text: String) -> Int {
        text.first.map { $0.utf16.count } ?? 0
    }

    /// How many user-perceived characters a word-wise backspace removes from the end of
    /// `text`: trailing whitespace, then one run of characters of one kind — hiragana,
    /// katakana, kanji, letters and digits, or other symbols. Japanese has no spaces, so
    /// script changes and punctuation are its word boundaries (ー belongs to the kana run
    /// it follows).
    public static func charactersInWord(before text: String) -> Int {
        var count = 0
        var characters = text.reversed().makeIterator()
        var next = characters.next()
        while let character = next, character.isWhitespace {
            count += 1
            next = characters.next()
        }
        var runKind: WordKind?
        var pendingLongMarks = 0
        while let character = next {
            let kind = WordKind(character)
            if kind == .whitespace { break }
            if kind == .longVowelMark {
                if let runKind, !runKind.isKana { break }
                pendingLongMarks += 1
            } else if let runKind {
                guard kind == runKind else { break }
                count += 1 + pendingLongMarks
                pendingLongMarks = 0
            } else {
                guard pendingLongMarks == 0 || kind.isKana else { break }
                runKind = kind
                count += 1 + pendingLongMarks
                pendingLongMarks = 0
            }
            next = characters.next()
        }
        return count + pendingLongMarks
    }

    private enum WordKind: Equatable {
        case whitespace, hiragana, katakana, longVowelMark, kanji, letterOrDigit, symbol

        var isKana: Bool { self == .hiragana || self == .katakana }

        init(_ character: Character) {
            if character.isWhitespace { self = .whitespace; return }
            guard let scalar = character.unicodeScalars.first else { self = .symbol; return }
            switch scalar.value {
            case 0x30FC: self = .longVowelMark
            case 0x3041...0x309F: self = .hiragana
            case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .katakana
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x3005: self = .kanji
            default:
                self = character.isLetter || character.isNumber ? .letterOrDigit : .symbol
            }
        }
    }
}
