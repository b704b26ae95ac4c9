import CyrillicIME
import Foundation

/// Live conversion (docs/KEYBOARD.md, "Live conversion"): while composing in a converting
/// profile, the best conversion of the whole composition, asked of the core after every key
/// that changes the kana, is what the document shows. Pure data apart from its core calls
/// (LiveConversion+Core.swift): the core's one-best answer for the kana composed, the context
/// is of, and how long its first segment has stayed the same (auto-commit).
public struct LiveConversion: Equatable, Sendable {
    /// The settings: on or off, auto-commit, the space habits.
    public var settings: LiveConversionSettings
    /// The core's best conversion of `composed` (one candidate per segment), `nil` when there
    /// is none: live conversion off, nothing composed, or the core could not convert.
    public private(set) var result: KanjiConversion?
    /// What the result is of: the kana and the spaces typed between words.
    private(set) var composed: Composition?
    /// Keystrokes in a row that changed the kana (or the spaces) and left the first segment as
    /// it was; one that changed neither (going back to the reading, a second space) does not count.
    public private(set) var unchangedFirstSegment = 0

    public init(settings: LiveConversionSettings = LiveConversionSettings()) {
        self.settings = settings
    }

    /// Whether space marks a word boundary while composing in `profile` (the Cyrillic habit).
    public func separatesWords(in profile: ProfileDescription) -> Bool {
        settings.spaceHabit(of: profile) == .cyrillic
    }

    /// The result, if it is of `composition` as it is now (the kana and spaces, whatever is
    /// pending).
    public func result(for composition: Composition) -> KanjiConversion? {
        guard let result, let composed, composed.kana == composition.kana, composed.spaces == composition.spaces else { return nil }
        return result
    }

    /// What the document shows for `composition`: its live conversion, then the letters still
    /// pending as typed; without one, the composition itself.
    public func shownText(for composition: Composition) -> String {
        guard let result = result(for: composition) else { return composition.text }
        return result.segments.indices.map { shownText(of: result, segment: $0) }.joined() + composition.pending
    }

    /// A segment as shown: its best text, except a last segment of one kana, which stays as
    /// typed (the kana just typed does not flicker into a kanji the next kana takes back).
    func shownText(of result: KanjiConversion, segment index: Int) -> String {
        let segment = result.segments[index]
        let isOneKanaTail = index == result.segments.count - 1 && segment.reading.count == 1
        return isOneKanaTail ? segment.reading : segment.candidates.first ?? segment.reading
    }

    /// The text and segments return commits for `composition` (nothing pending): what is
    /// shown, each segment with the class of its best text when that is what is shown; without
    /// a live result, the kana as one segment without classes (the core looks them up).
    func commitment(for composition: Composition) -> (text: String, segments: [CommittedSegment]) {
        guard let result = result(for: composition) else {
            let kana = composition.kana
            return (kana, kana.isEmpty ? [] : [CommittedSegment(reading: kana, text: kana)])
        }
        let segments = result.segments.indices.map { index -> CommittedSegment in
            let text = shownText(of: result, segment: index)
            let best = result.segments[index].candidates.first == text
            return best ? CommittedSegment(result, segment: index, candidate: 0)
                : CommittedSegment(reading: result.segments[index].reading, text: text)
        }
        return (segments.map(\.text).joined(), segments)
    }

    /// The whole composition as the bar offers it beside the predictions: the live result
    /// (a tap opens its candidates), then the reading in hiragana and in katakana — the forms
    /// every segment of the result ends with — when they differ from it. The forms are offered
    /// only with nothing pending: a tap commits them as they are, and the letters still pending
    /// are in neither.
    func alternatives(for composition: Composition) -> [CandidateBar.LiveItem] {
        guard let result = result(for: composition) else { return [] }
        let whole = String(shownText(for: composition).dropLast(composition.pending.count))
        var items = [CandidateBar.LiveItem(text: whole, reading: result.reading, opensConversion: true)]
        for katakana in [false, true] where composition.pending.isEmpty {
            let text = Self.kana(result.reading, katakana: katakana)
            guard !items.contains(where: { $0.text == text }) else { continue }
            items.append(CandidateBar.LiveItem(text: text, reading: result.reading, opensConversion: false))
        }
        return items
    }

    /// `text` with its hiragana as katakana (`katakana`) or its katakana as hiragana; the rest
    /// (ー, punctuation, kanji) as it is.
    static func kana(_ text: String, katakana: Bool) -> String {
        let (from, shift): (ClosedRange<UInt32>, Int64) = katakana ? (0x3041...0x3096, 0x60) : (0x30A1...0x30F6, -0x60)
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            from.contains(scalar.value) ? Unicode.Scalar(UInt32(Int64(scalar.value) + shift))! : scalar
        }))
    }

    /// A conversion was opened from the composition: when the writer composes again, auto-commit
    /// counts from nothing (the keystrokes before the conversion do not carry over).
    mutating func restartCount() {
        unchangedFirstSegment = 0
    }

    /// Takes a new result for `composition`, counting how long its first segment has stayed.
    mutating func take(_ newResult: KanjiConversion?, for composition: Composition) {
        let before = result?.segments.first
        let changed = composed.map { $0.kana != composition.kana || $0.spaces != composition.spaces } ?? true
        if let first = newResult?.segments.first, first.reading == before?.reading, first.candidates.first == before?.candidates.first {
            if changed { unchangedFirstSegment += 1 }
        } else {
            unchangedFirstSegment = 0
        }
        result = newResult
        composed = newResult == nil ? nil : composition
    }

    /// Auto-commit: the first segment, when it stayed the same over the keystrokes the setting
    /// asks for and segments follow it; it then leaves the result (and `composition`, whose
    /// kana it covered), and is returned for the keyboard to commit.
    mutating func takeStableFirstSegment(from composition: inout Composition) -> CommittedSegment? {
        guard case .afterKeystrokes(let count) = settings.autoCommit, unchangedFirstSegment >= count,
              var rest = result(for: composition), rest.segments.count > 1 else { return nil }
        let first = CommittedSegment(rest, segment: 0, candidate: 0)
        rest.segments.removeFirst()
        rest.reading = String(rest.reading.dropFirst(first.reading.count))
        composition.removeCommittedPrefix(first.reading.unicodeScalars.count)
        result = rest
        composed = composition
        unchangedFirstSegment = 0
        return first
    }
}
