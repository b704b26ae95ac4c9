import CyrillicIME
import Foundation

/// The converting state: the core's conversion of the composition, which candidate is
/// chosen in each segment, and which segment has the focus. Pure data: every conversion
/// comes from the core; this only keeps the writer's place in it.
public struct ConversionSession: Equatable, Sendable {
    /// The core's conversion (segments with their candidates, best first).
    public private(set) var conversion: KanjiConversion
    /// The chosen candidate of each segment (an index into its candidates).
    public private(set) var chosen: [Int]
    /// The segment the bar lists and ←/→ move.
    public private(set) var focus: Int
    /// What stood before the reading when it was converted; resizing and more candidates
    /// ask the core with the same context, and the choice is learned after it.
    public let context: ConversionContext
    /// What the writer typed for the reading, sent again with every resize and longer list
    /// (and given back to the composition when the writer returns to it).
    public let typed: TypedWords
    /// What the core was asked to add after the words (emoji, the date at the conversion's
    /// time), asked again with every resize and longer list.
    public let rewrites: CandidateRewrites
    /// Whether the focused segment's candidate list was already extended from the core.
    var extendedSegments: Set<Int> = []
    /// Segments opened from live conversion whose candidates are still only its answer's (the
    /// best text and the reading's forms): each is asked of the core when it takes the focus.
    var segmentsToAsk: Set<Int> = []

    public init(
        conversion: KanjiConversion, focus: Int = 0, context: ConversionContext = .none, typed: TypedWords = .none,
        rewrites: CandidateRewrites = CandidateRewrites()
    ) {
        self.conversion = conversion
        self.context = context
        self.typed = typed
        self.rewrites = rewrites
        chosen = Array(repeating: 0, count: conversion.segments.count)
        self.focus = min(max(focus, 0), max(conversion.segments.count - 1, 0))
    }

    public var reading: String { conversion.reading }
    public var segments: [KanjiConversion.Segment] { conversion.segments }

    /// The text of segment `index` as chosen.
    public func text(ofSegment index: Int) -> String {
        let segment = conversion.segments[index]
        return segment.candidates.indices.contains(chosen[index]) ? segment.candidates[chosen[index]] : segment.reading
    }

    /// What the document shows (and what is committed): every segment's chosen text.
    public var text: String { conversion.segments.indices.map(text(ofSegment:)).joined() }

    /// The focused segment in `text`, in UTF-16 units (for the marked text's selected range).
    public var focusedRange: NSRange {
        let before = (0..<focus).map { text(ofSegment: $0).utf16.count }.reduce(0, +)
        return NSRange(location: before, length: conversion.segments.isEmpty ? 0 : text(ofSegment: focus).utf16.count)
    }

    /// The choice to commit and learn.
    public var choice: ConversionChoice {
        ConversionChoice(reading: reading, segments: conversion.segments.indices.map {
            ConversionChoice.Segment(reading: conversion.segments[$0].reading, text: text(ofSegment: $0))
        }, context: context)
    }

    /// The segments as chosen, with the chosen candidates' word classes: the history the next
    /// conversion starts from once they are committed (`ConversionHistory`).
    public var committedSegments: [CommittedSegment] {
        conversion.segments.indices.map { CommittedSegment(conversion, segment: $0, candidate: chosen[$0]) }
    }

    /// The focused segment's candidates.
    public var focusedCandidates: [String] {
        conversion.segments.isEmpty ? [] : conversion.segments[focus].candidates
    }

    public var focusedChoice: Int { conversion.segments.isEmpty ? 0 : chosen[focus] }

    /// Chooses candidate `index` of the focused segment.
    public mutating func choose(_ index: Int) {
        guard !conversion.segments.isEmpty, conversion.segments[focus].candidates.indices.contains(index) else { return }
        chosen[focus] = index
    }

    /// A tap on candidate `index` of the focused segment: it is chosen and the focus moves to
    /// the next segment. Returns whether it moved (false after the last segment: the
    /// conversion is then committed), `nil` for an index not in the list.
    public mutating func chooseAndMoveOn(_ index: Int) -> Bool? {
        guard focusedCandidates.indices.contains(index) else { return nil }
        choose(index)
        return moveFocus(by: 1)
    }

    /// The composition it was converted from: its reading, with what was typed for it (back
    /// to composing, backspace or Escape).
    public var composition: Composition {
        Composition(kana: reading, typing: TypedLetters(words: typed.words), spaces: typed.spaces)
    }

    /// Moves the focus by `delta` segments, stopping at either end. Returns whether it moved.
    @discardableResult
    public mutating func moveFocus(by delta: Int) -> Bool {
        let target = min(max(focus + delta, 0), max(conversion.segments.count - 1, 0))
        defer { focus = target }
        return target != focus
    }

    /// Replaces the focused segment's candidates with a longer list from the core, keeping
    /// the chosen text chosen.
    mutating func extendFocusedCandidates(_ candidates: [String]) {
        guard !conversion.segments.isEmpty else { return }
        extendedSegments.insert(focus)
        let current = text(ofSegment: focus)
        var merged = conversion.segments[focus].candidates
        for candidate in candidates where !merged.contains(candidate) { merged.append(candidate) }
        conversion.segments[focus].candidates = merged
        // The longer list comes without classes: the added candidates have none (a commit of
        // one passes its text, and the core looks it up), and the pairs stay aligned.
        var classes = conversion.segments[focus].classes
        if !classes.isEmpty {
            classes = Array(classes.prefix(merged.count))
            classes += Array(repeating: nil, count: merged.count - classes.count)
            conversion.segments[focus].classes = classes
        }
        chosen[focus] = merged.firstIndex(of: current) ?? 0
    }

    /// Replaces the focused segment's candidates with its own list from the core (opened from
    /// live conversion), keeping the chosen text chosen and the classes of the texts kept.
    mutating func replaceFocusedCandidates(_ candidates: [String]) {
        guard !conversion.segments.isEmpty, !candidates.isEmpty else { return }
        let current = text(ofSegment: focus)
        let old = conversion.segments[focus]
        let classes = candidates.map { text in old.candidates.firstIndex(of: text).flatMap { old.classes.indices.contains($0) ? old.classes[$0] : nil } }
        conversion.segments[focus].candidates = candidates
        conversion.segments[focus].classes = old.classes.isEmpty ? [] : classes
        chosen[focus] = candidates.firstIndex(of: current) ?? 0
    }

    /// A new conversion after a resize: the segments before the focus keep their choices
    /// where the core kept them, the focused one and those after start at their best.
    mutating func replace(with newConversion: KanjiConversion) {
        var newChosen = Array(repeating: 0, count: newConversion.segments.count)
        for index in 0..<min(focus, newConversion.segments.count) where index < conversion.segments.count {
            if newConversion.segments[index].reading == conversion.segments[index].reading,
               let same = newConversion.segments[index].candidates.firstIndex(of: text(ofSegment: index)) {
                newChosen[index] = same
            }
        }
        conversion = newConversion
        chosen = newChosen
        focus = min(focus, max(newConversion.segments.count - 1, 0))
        extendedSegments = []
        segmentsToAsk = []
    }
}
