import CyrillicIME

/// The core calls of live conversion: the one best path of the composition at every keystroke
/// that changes its kana, and the conversion space opens from it, which asks the core for the
/// focused segment's candidates only (docs/FFI.md, "Live conversion").
extension LiveConversion {
    /// Follows `composition` after a keystroke that changed its kana: the core's best
    /// conversion of all of it after `context`, with what was typed for it (its words and the
    /// spaces between them). Off, or with nothing composed, there is none; when the core cannot
    /// convert, the composition is shown as it is. Returns the first segment when auto-commit
    /// takes it (`takeStableFirstSegment`): it has left `composition`, for the keyboard to commit.
    mutating func follow(
        _ composition: inout Composition, in language: String, after context: ConversionContext, engine: KeyboardEngine
    ) -> CommittedSegment? {
        update(composition, in: language, after: context, engine: engine)
        return takeStableFirstSegment(from: &composition)
    }

    private mutating func update(_ composition: Composition, in language: String, after context: ConversionContext, engine: KeyboardEngine) {
        guard settings.isOn, !composition.kana.isEmpty else { return take(nil, for: composition) }
        var request = ConversionRequest(composition.kana, context: context, typed: composition.typedWords(in: language))
        request.candidates = 1  // the best path and its segments, no segment's candidates
        let answer = engine.convert(request)
        guard case .success(let conversion) = answer, conversion.reading == composition.kana, !conversion.segments.isEmpty,
              conversion.segments.map(\.reading).joined() == composition.kana,
              conversion.segments.allSatisfy({ !$0.candidates.isEmpty }) else { return take(nil, for: composition) }
        take(conversion, for: composition)
    }

    /// The conversion space (or →, or a tap on the result in the bar) opens from the result:
    /// its segments as shown, the focus on the first, whose candidates the core is asked for
    /// now; another segment's when the focus moves to it (`ConversionSession.askFocusedCandidates`).
    /// Without a result for `composition` (live conversion off, or the core failed) the
    /// composition is converted afresh, every segment's candidates at once. `rewrites` (emoji,
    /// the clock of dates) go with every candidate list of the session.
    mutating func opening(
        _ composition: Composition, in language: String, after context: ConversionContext,
        rewrites: CandidateRewrites = CandidateRewrites(), engine: KeyboardEngine
    ) -> Result<ConversionSession, ConversionFailure> {
        restartCount()
        let typed = composition.typedWords(in: language)
        guard let result = result(for: composition) else {
            return ConversionSession.converting(composition.kana, typed: typed, after: context, rewrites: rewrites, engine: engine)
        }
        var session = ConversionSession(conversion: result, context: context, typed: typed, rewrites: rewrites)
        session.segmentsToAsk = Set(result.segments.indices)
        session.askFocusedCandidates(engine: engine)
        return .success(session)
    }
}
