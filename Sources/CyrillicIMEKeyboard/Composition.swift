import CyrillicIME
import Foundation

/// What the writer is composing and has not committed yet: the kana the core has produced
/// so far, the Cyrillic letters still pending at its end (the core's buffer), and what the
/// writer typed for the kana (`TypedLetters`), which the conversion sends along. The document
/// shows `text` as marked text (or inline); nothing of it is in the document's committed text
/// until it is committed.
public struct Composition: Equatable, Sendable {
    /// Kana (and anything else the core wrote: punctuation, digits, letters it passes through).
    /// Any change other than an append — a backspace, a dakuten — forgets what was typed for
    /// the kana it changes.
    public var kana: String {
        didSet {
            let unchanged = zip(oldValue.unicodeScalars, kana.unicodeScalars).prefix { $0 == $1 }.count
            if unchanged < oldValue.unicodeScalars.count { typing.forgetKana(from: unchanged) }
            let length = kana.unicodeScalars.count
            spaces.removeAll { $0 > length }
        }
    }
    /// The typed letters the core has not converted yet (`buffer` in docs/FFI.md).
    public var pending: String
    /// What the writer typed for the kana, word by word, while the two still correspond.
    public private(set) var typing: TypedLetters
    /// Where the writer typed a space between words (the Cyrillic space habit): positions in
    /// the kana's Unicode scalars, in order, each at most once. The conversion keeps a word
    /// boundary there (`TypedWords.spaces`).
    public private(set) var spaces: [Int]

    public init(kana: String = "", pending: String = "", typing: TypedLetters = TypedLetters(), spaces: [Int] = []) {
        self.kana = kana
        self.pending = pending
        self.typing = typing
        self.spaces = spaces
    }

    /// What the document shows: the kana with the spaces typed between words, then the
    /// pending letters.
    public var text: String {
        guard !spaces.isEmpty else { return kana + pending }
        var shown = String.UnicodeScalarView()
        for (offset, scalar) in kana.unicodeScalars.enumerated() {
            if spaces.contains(offset) { shown.append(" ") }
            shown.append(scalar)
        }
        if spaces.last == kana.unicodeScalars.count { shown.append(" ") }
        return String(shown) + pending
    }
    public var isEmpty: Bool { kana.isEmpty && pending.isEmpty }

    /// Two compositions are the same when they hold the same kana, spaces and pending letters;
    /// what was typed for them is a hint to the conversion, not part of what is composed.
    public static func == (lhs: Composition, rhs: Composition) -> Bool {
        lhs.kana == rhs.kana && lhs.pending == rhs.pending && lhs.spaces == rhs.spaces
    }

    /// The words typed for the kana, in `language` (the profile's), as the conversion sends them.
    public func typedWords(in language: String) -> TypedWords {
        let kanaLength = kana.unicodeScalars.count
        return TypedWords(language: language, words: typing.words(kanaLength: kanaLength, pending: pending), spaces: spaces)
            .limited(toReadingLength: kanaLength)
    }

    /// The words typed so far for the kana, in `language`, the one being typed with its pending
    /// letters (`TypedLetters.wordsSoFar`): what the predictions are asked with.
    public func typedWordsSoFar(in language: String) -> TypedWords {
        let kanaLength = kana.unicodeScalars.count
        return TypedWords(language: language, words: typing.wordsSoFar(kanaLength: kanaLength)).limited(toReadingLength: kanaLength)
    }

    /// Backspace with nothing pending: a space typed last goes, else the last user-perceived
    /// character of the word after the last space. A combining mark typed right after a space
    /// goes alone: the space stands between it and the kana before, which it does not join.
    public mutating func dropLastKana() {
        let scalars = kana.unicodeScalars
        if let last = spaces.last, last == scalars.count {
            spaces.removeLast()
            typing.forgetSpace()
        } else if !kana.isEmpty {
            let wordStart = spaces.last ?? 0
            var word = String(String.UnicodeScalarView(scalars.dropFirst(wordStart)))
            word.removeLast()
            kana = String(String.UnicodeScalarView(scalars.prefix(wordStart))) + word
        }
    }

    /// A space typed between words (nothing pending): the word typed so far ends here. A space
    /// at the start or right after another one adds nothing.
    mutating func typeSpace() {
        let length = kana.unicodeScalars.count
        guard pending.isEmpty, length > 0, spaces.last != length else { return }
        spaces.append(length)
        typing.endWord(atSpace: length)
    }

    /// The first `count` Unicode scalars of the kana were committed (auto-commit): the rest
    /// stays composed, with what was typed for it and its spaces.
    mutating func removeCommittedPrefix(_ count: Int) {
        let scalars = kana.unicodeScalars
        guard count > 0, count <= scalars.count else { return }
        let rest = typing.droppingKana(before: count)
        let restSpaces = spaces.filter { $0 > count }.map { $0 - count }
        kana = String(String.UnicodeScalarView(scalars.dropFirst(count)))
        typing = rest
        spaces = restSpaces
    }

    /// The dakuten key: the last kana takes another form (は → ば), written by the core.
    mutating func replaceLastKana(with kana: String) {
        self.kana = String(self.kana.dropLast()) + kana
    }

    /// Takes the core's answer to `key` typed into it: what the core writes joins the kana, its
    /// buffer is the new pending input. Returns the text to commit now, if any: everything on an
    /// error (the core's output then holds the pending letters and the key as typed), the kana
    /// when `committingKana` (kana-only typing: only the pending letters stay composed) and the
    /// key made some; `nil` when nothing is to be committed.
    mutating func take(_ result: ConversionResult, forKey key: String, committingKana: Bool) -> String? {
        switch result.action {
        case .error:
            defer { self = Composition() }
            return kana + result.output
        case .deleteBackward:
            // The answer to a backspace with nothing pending, which the keyboard does not send
            // (it deletes before the cursor itself): nothing pending, nothing to commit.
            pending = ""
            return nil
        case .commit, .compose:
            typing.record(
                key: key, kanaLength: kana.unicodeScalars.count, pendingBefore: pending, output: result.output,
                pendingAfter: result.buffer)
            kana += result.output
            pending = result.buffer
            guard committingKana, !kana.isEmpty else { return nil }
            defer { self = Composition(pending: pending) }
            return kana
        }
    }
}

/// One choice the writer made while converting: the reading and, segment by segment, the
/// text committed for it. What the learning store is given (`ConversionLearning`).
public struct ConversionChoice: Equatable, Sendable {
    public struct Segment: Equatable, Sendable {
        public var reading: String
        public var text: String
        public init(reading: String, text: String) {
            self.reading = reading
            self.text = text
        }
    }

    public var reading: String
    public var segments: [Segment]
    /// What stood before it: the choice is also learned after that word (docs/LEARNING.md).
    public var context: ConversionContext

    public init(reading: String, segments: [Segment], context: ConversionContext = .none) {
        self.reading = reading
        self.segments = segments
        self.context = context
    }

    /// The committed text.
    public var text: String { segments.map(\.text).joined() }
}

/// Learning: the keyboard tells it what the writer committed from the candidate bar, and the
/// host tells it where the store lives. `RustCoreEngine` conforms through the core's user
/// store (docs/KEYBOARD.md, "Learning"); a controller without one learns nothing.
public protocol ConversionLearning: AnyObject {
    /// Opens (or creates) the store in `directory`: the keyboard's own container on device,
    /// `--store DIR` in the terminal. Errors are messages fit to show.
    func openStore(atDirectory directory: String) throws
    /// The writer committed `choice` (a conversion, or a prediction as one segment); says
    /// whether it was learned and saved (`LearningStatus` keeps the keyboard's notice).
    func learn(_ choice: ConversionChoice) -> LearningOutcome
}
