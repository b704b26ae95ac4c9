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
        takeConversion(asking: EngineKey.space) {
            live.opening(composition, in: profiles.current.language, after: contextTracker.context(), rewrites: candidateOptions.rewrites(), engine: engine)
        }
    }

    func resizeFocusedSegment(_ delta: Int) {
        guard let session = conversion, delta != 0 else { return }
        takeConversion(asking: delta > 0 ? "{extend}" : "{shrink}") { session.resizingFocusedSegment(by: delta, engine: engine) }
    }

    /// Asks the core (the phase names `key`) and shows the conversion it made; when it could not
    /// convert, what was composed (or being converted) is committed as kana and `lastError` says why.
    private func takeConversion(asking key: String, _ convert: () -> Result<ConversionSession, ConversionFailure>) {
        phase = .processing(key)
        let result = convert()
        phase = .inserting
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

    /// Back to composing, with the reading that was converted (backspace or Escape).
    func cancelConversion() {
        guard let session = conversion else { return }
        conversion = nil
        composition = session.composition
        phase = .inserting
        compositionChanged()
    }

    /// A tap on the bar: a candidate is chosen for the focused segment and the focus moves on
    /// (after the last segment, the conversion is committed); a prediction is committed.
    func chooseCandidate(_ index: Int) {
        if conversion != nil {
            guard let movedOn = conversion?.chooseAndMoveOn(index) else { return }
            if movedOn { showConversion() } else { commitConversion() }
        } else if candidateBar.content == .predictions, candidateBar.items.indices.contains(index) {
            // A prediction while composing, or a next word after a commit: it is committed,
            // learned after what stood before it, and joins the history.
            let item = candidateBar.items[index]
            if item.opensConversion { return startConversion() }  // live conversion's result
            composition = Composition()
            candidateBar.clear()
            phase = .inserting
            learn(contextTracker.commitWord(item.text, reading: item.reading))
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

    /// Tells the learning store, after the text is committed (never from a private field); a
    /// save that fails becomes the `learningStatus` notice.
    private func learn(_ choice: ConversionChoice) {
        if let learning, !hostField.isPrivate { learningStatus.record(learning.learn(choice)) }
    }

    func showConversion() {
        conversion?.askFocusedCandidates(engine: engine)  // opened from live conversion: its own list
        guard let session = conversion else { return }
        document.show(session.text, selection: session.focusedRange)
        candidateBar.showCandidates(of: session)
    }

    /// The kana changed: live conversion follows (auto-commit may take its first segment).
    func compositionChanged() {
        guard conversion == nil else { return }
        var context = contextTracker.context()  // read once: on device each read asks the host
        if let first = live.follow(&composition, in: profiles.current.language, after: context, engine: engine) {
            contextTracker.commit(first.text, as: [first], thenShow: live.shownText(for: composition))
            context = contextTracker.context()
        }
        showComposition()
        updatePredictions(after: context)
    }

    /// The bar: predictions for what is composed (and the word typed so far), live conversion's items;
    /// in a private field (`HostField`) live conversion's items alone.
    func updatePredictions(after context: ConversionContext? = nil) {
        if hostField.isPrivate { return candidateBar.showPredictions([], with: live.alternatives(for: composition)) }
        candidateBar.showPredictions(for: composition, in: profiles.current.language, with: live, after: context ?? contextTracker.context(), engine: engine)
    }

    /// After a commit: the bar offers the words that usually follow the history. Tapping one
    /// commits it (`chooseCandidate`); a letter typed instead clears them.
    func offerNextWords() {
        guard !history.isEmpty, inputState == .idle else { return }
        candidateBar.showNextWords(after: history.segments, engine: engine)
    }
}
