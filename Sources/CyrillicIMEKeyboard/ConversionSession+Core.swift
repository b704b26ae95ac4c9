import CyrillicIME
import Foundation

/// The core calls that make and change a session: converting a reading, resizing the focused
/// segment, more candidates. Each answer is checked before the session takes it, so the
/// keyboard only ever shows a conversion that covers exactly what was typed.
extension ConversionSession {
    /// Candidates asked for each segment when converting; more when the writer pages on.
    static let candidatesPerSegment = 9
    static let extendedCandidateLimit = 45

    /// Converts `reading` after `context`, with what was `typed` for it and what the core adds
    /// after the words (`rewrites`). Context and typed words only help: a core that cannot
    /// take them is asked again without the typed words, then without the context too, so
    /// they never cost the writer a conversion.
    static func converting(
        _ reading: String, typed: TypedWords = .none, after context: ConversionContext,
        rewrites: CandidateRewrites = CandidateRewrites(), engine: KeyboardEngine
    ) -> Result<ConversionSession, ConversionFailure> {
        var attempts = [(context: context, typed: typed)]
        if !typed.words.isEmpty { attempts.append((context, .none)) }
        if context != .none { attempts.append((.none, .none)) }
        var used = attempts[0]
        var result: Result<KanjiConversion, KanjiConversionError>?
        for attempt in attempts {
            used = attempt
            var request = ConversionRequest(reading, context: attempt.context, typed: attempt.typed)
            request.candidates = candidatesPerSegment
            request.rewrites = rewrites
            result = engine.convert(request)
            if case .success = result { break }
        }
        return usable(result!, for: reading).map {
            ConversionSession(conversion: $0, context: used.context, typed: used.typed, rewrites: rewrites)
        }
    }

    /// The session with its focused segment made longer (`delta` > 0) or shorter: the core
    /// converts again, in the session's context.
    func resizingFocusedSegment(by delta: Int, engine: KeyboardEngine) -> Result<ConversionSession, ConversionFailure> {
        var request = ResizeRequest(segment: focus, of: conversion, by: delta, context: context, typed: typed)
        request.candidates = Self.candidatesPerSegment
        request.rewrites = rewrites
        let result = engine.resizeSegment(request)
        return Self.usable(result, for: reading).map { converted in
            var resized = self
            resized.replace(with: converted)
            return resized
        }
    }

    /// Space while converting: the focused segment's next candidate. At the end of its list
    /// more are asked for (once); after the last, the first again.
    mutating func chooseNextCandidate(engine: KeyboardEngine) {
        var next = focusedChoice + 1
        if next >= focusedCandidates.count {
            extendFocusedCandidates(engine: engine)
            if next >= focusedCandidates.count { next = 0 }
        }
        choose(next)
    }

    /// The focused segment's own candidates, when it was opened from live conversion and has
    /// only the live answer's: asked of the core once (a failure keeps the live answer's).
    mutating func askFocusedCandidates(engine: KeyboardEngine) {
        guard segmentsToAsk.remove(focus) != nil else { return }
        var request = SegmentCandidatesRequest(
            segment: focus, of: conversion, limit: Self.candidatesPerSegment, context: context, typed: typed)
        request.rewrites = rewrites
        if case .success(let candidates) = engine.candidates(request) {
            replaceFocusedCandidates(candidates)
        }
    }

    /// Asks the core once per segment for a longer list of the focused segment's candidates.
    mutating func extendFocusedCandidates(engine: KeyboardEngine) {
        guard !extendedSegments.contains(focus) else { return }
        var request = SegmentCandidatesRequest(
            segment: focus, of: conversion, limit: Self.extendedCandidateLimit, context: context, typed: typed)
        request.rewrites = rewrites
        if case .success(let more) = engine.candidates(request) {
            extendFocusedCandidates(more)
        } else {
            extendFocusedCandidates([])  // asked once; the list stays as it is
        }
    }

    /// A conversion the keyboard can show: segments that cover exactly the reading, each
    /// with at least one candidate.
    private static func isUsable(_ conversion: KanjiConversion, for reading: String) -> Bool {
        !conversion.segments.isEmpty && conversion.reading == reading
            && conversion.segments.map(\.reading).joined() == reading
            && conversion.segments.allSatisfy { !$0.candidates.isEmpty }
    }

    /// The core's answer, if the keyboard can show it; else why not.
    private static func usable(
        _ result: Result<KanjiConversion, KanjiConversionError>, for reading: String
    ) -> Result<KanjiConversion, ConversionFailure> {
        switch result {
        case .success(let converted) where isUsable(converted, for: reading): .success(converted)
        case .success: .failure(ConversionFailure(message: "the core's conversion does not cover the reading \(reading)"))
        case .failure(let error): .failure(ConversionFailure(message: error.message))
        }
    }
}

/// Why the core gave no conversion the keyboard can show; the message becomes `lastError`.
struct ConversionFailure: Error {
    let message: String
}
