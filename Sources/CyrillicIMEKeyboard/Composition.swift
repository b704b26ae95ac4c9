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
        }
    }
    /// The typed letters the core has not converted yet (`buffer` in docs/FFI.md).
    public var pending: String
    /// What the writer typed for the kana, word by word, while the two still correspond.
    public private(set) var typing: TypedLetters

    public init(kana: String = "", pending: String = "", typing: TypedLetters = TypedLetters()) {
        self.kana = kana
        self.pending = pending
        self.typing = typing
    }

    /// What the document shows: the kana, then the pending letters.
    public var text: String { kana + pending }
    public var isEmpty: Bool { kana.isEmpty && pending.isEmpty }

    /// Two compositions are the same when they hold the same kana and pending letters; what
    /// was typed for them is a hint to the conversion, not part of what is composed.
    public static func == (lhs: Composition, rhs: Composition) -> Bool {
        lhs.kana == rhs.kana && lhs.pending == rhs.pending
    }

    /// The words typed for the kana, in `language` (the profile's), as the conversion sends them.
    public func typedWords(in language: String) -> TypedWords {
        let kanaLength = kana.unicodeScalars.count
        return TypedWords(language: language, words: typing.words(kanaLength: kanaLength, pending: pending))
            .limited(toReadingLength: kanaLength)
    }

    /// The words typed so far for the kana, in `language`, the one being typed with its pending
    /// letters (`TypedLetters.wordsSoFar`): what the predictions are asked with.
    public func typedWordsSoFar(in language: String) -> TypedWords {
        let kanaLength = kana.unicodeScalars.count
        return TypedWords(language: language, words: typing.wordsSoFar(kanaLength: kanaLength)).limited(toReadingLength: kanaLength)
    }

    /// Backspace with nothing pending: the last user-perceived character of the kana goes.
    public mutating func dropLastKana() {
        if !kana.isEmpty { kana.removeLast() }
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
