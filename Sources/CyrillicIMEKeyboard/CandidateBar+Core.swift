import CyrillicIME

/// The core calls that fill the bar: predictions while composing, the words that usually
/// follow after a commit, more candidates when the writer pages past the last. Without a
/// dictionary the core has none to give: the bar is empty and typing goes on.
extension CandidateBar {
    /// Shows the core's predictions for what is composed, with the words typed for it in the
    /// profile's `language` (so a name typed in lower case still offers its foreign form),
    /// after `context`, and live conversion's items (`LiveConversion.alternatives`); nothing
    /// when no kana is composed.
    mutating func showPredictions(
        for composition: Composition, in language: String, with live: LiveConversion, after context: ConversionContext,
        engine: KeyboardEngine
    ) {
        guard !composition.kana.isEmpty else { return clear() }
        let items = live.alternatives(for: composition)
        var request = PredictionRequest(composition.kana, limit: Self.defaultPageSize, context: context)
        request.typed = composition.typedWordsSoFar(in: language)
        switch engine.predictions(request) {
        case .success(let predictions): showPredictions(predictions, with: items)
        case .failure where !request.typed.words.isEmpty:
            // Typed words the core refuses cost the writer nothing: the kana's predictions show.
            request.typed = .none
            if case .success(let predictions) = engine.predictions(request) { showPredictions(predictions, with: items) } else {
                showPredictions([], with: items)
            }
        case .failure: showPredictions([], with: items)
        }
    }

    /// Shows the words that usually follow `history` (a tap commits one, like a prediction).
    mutating func showNextWords(after history: [CommittedSegment], engine: KeyboardEngine) {
        switch engine.nextWords(after: .history(history), limit: Self.defaultPageSize) {
        case .success(let words): showPredictions(words)
        case .failure: clear()
        }
    }

    /// Turns the page by `delta`. Forward from the last page while converting, the focused
    /// segment's longer list is asked for once (`session` keeps it) and its next page shown.
    mutating func turnPage(by delta: Int, extending session: inout ConversionSession?, engine: KeyboardEngine) {
        if delta > 0, var extended = session, page + 1 >= pageCount {
            let before = extended.focusedCandidates.count
            extended.extendFocusedCandidates(engine: engine)
            session = extended
            if extended.focusedCandidates.count > before {
                let shown = page
                showCandidates(of: extended)
                turnPage(by: shown + delta - page)
                return
            }
        }
        turnPage(by: delta)
    }
}
