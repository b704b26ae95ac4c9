import CyrillicIME
import Foundation

/// The converting state and the candidate bar (docs/KEYBOARD.md, "The writer's loop"): the
/// document shows `conversion`'s chosen text with the focused segment selected, the bar its
/// candidates. The core calls are `ConversionSession`'s (ConversionSession+Core.swift) and
/// `CandidateBar`'s (CandidateBar+Core.swift), each asked with the context before the cursor
/// (`ConversionContextTracker`); when a conversion fails, what was converted is committed as kana.
extension KeyboardController {
    /// Space with something composed: the core converts the whole composition.
    func startConversion() {
        flushPending()
        guard !composition.isEmpty else { return }  // the core failed and it was committed
        let context = contextTracker.context()
        phase = .processing(EngineKey.space)
        let typed = composition.typedWords(in: profiles.current.language)
        let result = ConversionSession.converting(composition.kana, typed: typed, after: context, engine: engine)
        phase = .inserting
        takeConversion(result)
    }

    func resizeFocusedSegment(_ delta: Int) {
        guard let session = conversion, delta != 0 else { return }
        phase = .processing(delta > 0 ? "{extend}" : "{shrink}")
        let result = session.resizingFocusedSegment(by: delta, engine: engine)
        phase = .inserting
        takeConversion(result)
    }

    /// Shows the conversion the core made; when it could not convert, what was composed (or
    /// being converted) is committed as kana and `lastError` says why.
    private func takeConversion(_ result: Result<ConversionSession, ConversionFailure>) {
        switch result {
        case .success(let session):
            lastError = nil
            composition = Composition()
            conversion = session
            showConversion()
        case .failure(let failure):
            lastError = failure.message
            let reading = conversion?.reading ?? composition.kana
            conversion = nil
            composition = Composition()
            candidateBar.clear()
            contextTracker.commit(reading)
        }
    }

    /// Back to composing, with the reading that was converted (backspace or Escape while
    /// converting).
    func cancelConversion() {
        guard let session = conversion else { return }
        conversion = nil
        composition = Composition(kana: session.reading, typing: TypedLetters(words: session.typed.words))
        phase = .inserting
        showComposition()
        updatePredictions()
    }

    /// A tap on the bar: a candidate is chosen for the focused segment and the focus moves on
    /// (after the last segment, the conversion is committed); a prediction is committed.
    func chooseCandidate(_ index: Int) {
        if var session = conversion {
            guard session.focusedCandidates.indices.contains(index) else { return }
            session.choose(index)
            let isLast = !session.moveFocus(by: 1)
            conversion = session
            if isLast { commitConversion() } else { showConversion() }
        } else if candidateBar.content == .predictions, candidateBar.items.indices.contains(index) {
            // A prediction while composing, or a next word after a commit: it is committed,
            // learned after what stood before it, and joins the history.
            let item = candidateBar.items[index]
            let context = contextTracker.context()
            composition = Composition()
            candidateBar.clear()
            phase = .inserting
            contextTracker.commit(item.text, as: [CommittedSegment(reading: item.reading, text: item.text)])
            learn(ConversionChoice(
                reading: item.reading, segments: [.init(reading: item.reading, text: item.text)], context: context))
            offerNextWords()
        }
    }

    func moveConversionFocus(by delta: Int) {
        conversion?.moveFocus(by: delta)
        showConversion()
    }

    /// Commits the conversion as chosen and tells the learning store; its segments join the
    /// history. `offeringNextWords`: the bar then shows the words that usually follow (not
    /// when a letter committed it: that letter starts the next word).
    func commitConversion(offeringNextWords: Bool = true) {
        guard let session = conversion else { return }
        conversion = nil
        candidateBar.clear()
        phase = .inserting
        contextTracker.commit(session.text, as: session.committedSegments)
        learn(session.choice)
        if offeringNextWords { offerNextWords() }
    }

    /// Tells the learning store, after the text is committed; a save that fails becomes
    /// the `learningStatus` notice.
    private func learn(_ choice: ConversionChoice) {
        if let learning { learningStatus.record(learning.learn(choice)) }
    }

    func showConversion() {
        guard let session = conversion else { return }
        document.show(session.text, selection: session.focusedRange)
        candidateBar.showCandidates(of: session)
    }

    // MARK: Predictions and next words

    /// Asks the core for predictions of the kana composed so far.
    func updatePredictions() {
        guard conversion == nil else { return }
        if composition.kana.isEmpty {
            candidateBar.clear()
        } else {
            candidateBar.showPredictions(for: composition, in: profiles.current.language, after: contextTracker.context(), engine: engine)
        }
    }

    /// After a commit: the bar offers the words that usually follow the history. Tapping one
    /// commits it (`chooseCandidate`); a letter typed instead clears them.
    func offerNextWords() {
        guard !history.isEmpty, inputState == .idle else { return }
        candidateBar.showNextWords(after: history.segments, engine: engine)
    }
}
