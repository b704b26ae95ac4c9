import CyrillicIME

/// What the writer typed for the kana of a composition, word by word: the letters as typed
/// (capitals kept) and the part of the kana each word composed to — what the conversion sends
/// as `TypedWords`, so a name typed in its own spelling (`Москва`, もсくぁ) can convert to the
/// foreign word it is (docs/KEYBOARD.md, "What the composition remembers").
///
/// A word is a run of letters, with the hyphens, apostrophes and long-vowel marks typed inside
/// it (`Санкт-Петербург`, `м'ясо`, `то:кё:`; `TypedWords.isJoiner`); any other key ends it
/// (punctuation, a digit, a flush). The letters and the kana
/// only correspond while the writer appends: the kana of a word is known where the core has
/// nothing pending, and a key that ends a word while letters are pending writes them and its
/// own output together (`с,` → `с、`), so the word ends before that output's trailing
/// non-letters. An edit that breaks the correspondence forgets the words it touches: a
/// backspace into composed kana, a changed kana (dakuten). The rest of a word being typed is
/// then not recorded; the conversion only carries fewer typed words.
public struct TypedLetters: Equatable, Sendable {
    /// The words ended so far, in order; ranges in the kana's Unicode scalars.
    public private(set) var words: [TypedWords.Word]
    private var current = Current.between
    /// Where the writer last typed a space between words: a letter typed there starts a new
    /// word rather than continuing the one before.
    private var spaceAt: Int?

    private enum Current: Equatable, Sendable {
        /// Between words: the next letter starts one.
        case between
        /// A word being typed: its letters so far and where its kana starts.
        case word(letters: String, start: Int)
        /// Inside a word whose typing stopped matching the kana: its letters are not recorded.
        case lost
    }

    /// The words of a composition that was converted and is being composed again (Escape):
    /// letters typed right after the last one continue it.
    public init(words: [TypedWords.Word] = []) {
        self.words = words
    }

    /// The words, with the one being typed when its kana is complete (nothing pending).
    public func words(kanaLength: Int, pending: String) -> [TypedWords.Word] {
        guard case .word(let letters, let start) = current, pending.isEmpty, kanaLength > start else { return words }
        return words + [TypedWords.Word(text: letters, range: start..<kanaLength)]
    }

    /// The words with the one being typed, its letters so far over the kana composed so far,
    /// also while letters are pending (`китай` over きた, the й waiting for what follows): what
    /// a prediction of the kana is asked with, so that the word typed so far is looked up whole.
    public func wordsSoFar(kanaLength: Int) -> [TypedWords.Word] {
        guard case .word(let letters, let start) = current, kanaLength > start else { return words }
        return words + [TypedWords.Word(text: letters, range: start..<kanaLength)]
    }

    /// Records a key the core answered: `key` as sent (a letter, punctuation, `EngineKey`),
    /// the kana's length before it (Unicode scalars), the pending letters before it, and the
    /// core's output and pending letters after it.
    public mutating func record(key: String, kanaLength: Int, pendingBefore: String, output: String, pendingAfter: String) {
        if key == EngineKey.backspace {
            dropLastLetter(matching: pendingBefore, pendingAfter, output: output)
        } else if Self.isLetter(key) || (Self.isJoiner(key) && current != .between) {
            continueWord(with: key, kanaLength: kanaLength, pendingBefore: pendingBefore)
        } else {
            endWord(kanaLength: kanaLength, pendingBefore: pendingBefore, output: output, pendingAfter: pendingAfter)
        }
    }

    /// A space typed between words at kana length `kanaLength`, nothing pending: the word being
    /// typed ends there.
    mutating func endWord(atSpace kanaLength: Int) {
        endWord(kanaLength: kanaLength, pendingBefore: "", output: "", pendingAfter: "")
        spaceAt = kanaLength
    }

    /// The space typed last was taken back (backspace): a letter typed there continues the
    /// word before it again, as if the space had never been typed.
    mutating func forgetSpace() {
        spaceAt = nil
    }

    /// What is left once the first `count` scalars of the kana are committed: the words after
    /// them, moved to the kana's new start; one they cut through is forgotten.
    func droppingKana(before count: Int) -> TypedLetters {
        var rest = TypedLetters(words: words.filter { $0.range.lowerBound >= count }.map {
            TypedWords.Word(text: $0.text, range: ($0.range.lowerBound - count)..<($0.range.upperBound - count))
        })
        switch current {
        case .word(let letters, let start) where start >= count: rest.current = .word(letters: letters, start: start - count)
        case .between: rest.current = .between
        default: rest.current = .lost
        }
        rest.spaceAt = spaceAt.map { $0 - count }
        return rest
    }

    /// The kana from Unicode scalar `offset` on changed or went: the words over it are
    /// forgotten, and letters typed next continue a word that no longer matches its kana.
    public mutating func forgetKana(from offset: Int) {
        let count = words.count
        words.removeAll { $0.range.upperBound > offset }
        if current != .between || words.count < count { current = .lost }
    }

    private mutating func continueWord(with key: String, kanaLength: Int, pendingBefore: String) {
        switch current {
        case .word(let letters, let start):
            current = .word(letters: letters + key, start: start)
        case .lost:
            break
        case .between:
            guard pendingBefore.isEmpty else {
                current = .lost  // pending input of no word: where this one's kana starts is unknown
                return
            }
            // Right after a word ended by a key of no output of its own (a flush, or the
            // conversion that was cancelled): the writer is still typing that word.
            if let last = words.last, last.range.upperBound == kanaLength, spaceAt != kanaLength {
                words.removeLast()
                current = .word(letters: last.text + key, start: last.range.lowerBound)
            } else {
                current = .word(letters: key, start: kanaLength)
            }
        }
    }

    private mutating func endWord(kanaLength: Int, pendingBefore: String, output: String, pendingAfter: String) {
        defer { current = .between }
        guard case .word(let letters, let start) = current else { return }
        let end: Int
        if pendingBefore.isEmpty {
            end = kanaLength
        } else if pendingAfter.isEmpty {
            // The pending letters' kana, then the key's own output (punctuation, digits).
            let ownOutput = output.unicodeScalars.reversed().prefix { !$0.properties.isAlphabetic }.count
            end = kanaLength + output.unicodeScalars.count - ownOutput
        } else {
            return  // still pending after a key that ends the word: its end is unknown
        }
        if end > start { words.append(TypedWords.Word(text: letters, range: start..<end)) }
    }

    /// Backspace with letters pending: the core drops the last one, and so does the word.
    private mutating func dropLastLetter(matching pendingBefore: String, _ pendingAfter: String, output: String) {
        guard case .word(var letters, let start) = current else { return }
        guard output.isEmpty, !pendingBefore.isEmpty, pendingAfter == String(pendingBefore.dropLast()) else {
            current = .lost
            return
        }
        letters.removeLast()
        current = letters.isEmpty ? .between : .word(letters: letters, start: start)
    }

    private static func isLetter(_ key: String) -> Bool {
        key.count == 1 && TypedWords.isLetter(Character(key))
    }

    private static func isJoiner(_ key: String) -> Bool {
        key.count == 1 && TypedWords.isJoiner(Character(key))
    }
}
