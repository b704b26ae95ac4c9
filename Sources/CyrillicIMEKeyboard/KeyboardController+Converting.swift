import CyrillicIME
import Foundation

/// The composing and converting states of a converting profile (docs/KEYBOARD.md, "The
/// writer's loop"). The core converts; this only keeps the state, shows it and commits it.
///
/// - idle: nothing composed. Space types a space (`spaceWidth`), return a newline,
///   backspace deletes before the cursor.
/// - composing: letters go through the core into `composition` (kana + pending letters),
///   shown as marked text; the bar shows predictions. Backspace edits from the end; space
///   converts; return commits the kana; a prediction tapped commits itself.
/// - converting: `conversion` holds the segments; the marked text shows the chosen text with
///   the focused segment selected; the bar lists its candidates. Space (or a tap) chooses,
///   ←/→ move the focus, resizing converts again, backspace goes back to composing; return,
///   a letter or punctuation commits what is shown.
/// Whenever the core fails, what is composed is committed as kana and `lastError` says why.
///
/// Every conversion and prediction is asked with the context before the cursor: what the
/// keyboard committed just before (`history`) or the text there (KeyboardController+Context.swift).
/// After a commit, the bar offers the words that usually follow.
extension KeyboardController {
    /// Candidates asked for each segment when converting; more when the writer pages on.
    static let candidatesPerSegment = 9
    static let extendedCandidateLimit = 45

    func performComposing(_ key: KeyboardKey) {
        if performLayerKey(key) {
            returnToLettersIfNeeded(after: key)
            return
        }
        switch key {
        case .character(let text):
            // A new letter or punctuation commits the conversion shown, then composes anew:
            // what was committed is the context of the word that starts here.
            if conversion != nil { commitConversion(offeringNextWords: false) }
            if composition.isEmpty { candidateBar.clear() }  // the next words give way to typing
            compose(text)
        case .space:
            if conversion != nil {
                nextCandidate()
            } else if !composition.isEmpty {
                startConversion()
            } else {
                commitText(spaceWidth == .full ? "\u{3000}" : " ")
                forgetHistory()
            }
        case .enter:
            if conversion != nil {
                commitConversion()
            } else if !composition.isEmpty {
                commitComposition()
                offerNextWords()
            } else {
                commitText("\n")
                forgetHistory()
            }
        case .backspace:
            backspaceComposing()
        case .dakuten:
            if conversion != nil { commitConversion(offeringNextWords: false) }
            if composition.isEmpty {
                cycleDakuten()
            } else {
                cycleDakutenInComposition()
            }
        case .profile:
            commitComposingState()
            profiles.selectNext()
        case .globe:
            commitComposingState()
        case .cursorLeft, .cursorRight:
            if conversion != nil {
                moveConversionFocus(by: key == .cursorLeft ? -1 : 1)
            } else {
                moveCursor(forward: key == .cursorRight)
            }
        case .shift, .mode:
            break
        }
        returnToLettersIfNeeded(after: key)
    }

    // MARK: Composing

    /// Sends `engineKey` to the core with the pending letters; what it writes joins the kana.
    /// When the core fails, the composition and what was typed are committed as they are.
    func compose(_ engineKey: String) {
        let kanaBefore = composition.kana
        phase = .processing(engineKey)
        let result = engine.processKey(engineKey, buffer: composition.pending, profileID: qualifiedProfileID)
            ?? .fallback(key: engineKey, buffer: composition.pending)
        phase = .resultReceived(result)
        phase = .inserting
        lastError = result.action == .error ? (result.error ?? "the core failed without a message") : nil
        switch result.action {
        case .error:
            let text = composition.kana + result.output
            composition = Composition()
            candidateBar.clear()
            commitText(text)
        case .deleteBackward:
            // Only sent with nothing pending, which `backspaceComposing` handles itself.
            composition.pending = ""
            displayComposition()
        case .commit, .compose:
            composition.kana += result.output
            composition.pending = result.buffer
            displayComposition()
        }
        if engineKey != EngineKey.backspace, composition.pending.isEmpty { shift.kanaCompleted() }
        // Most keys only add a pending letter: the kana, and so the predictions, stay the same.
        if composition.kana != kanaBefore { updatePredictions() }
    }

    /// Converts the pending letters into the kana (a trailing н becomes ん).
    func flushPending() {
        guard !composition.pending.isEmpty else { return }
        compose(EngineKey.flush)
    }

    /// Back to composing, with the reading that was converted (backspace or Escape while
    /// converting).
    func cancelConversion() {
        guard let session = conversion else { return }
        conversion = nil
        composition = Composition(kana: session.reading)
        phase = .inserting
        displayComposition()
        updatePredictions()
    }

    private func backspaceComposing() {
        if conversion != nil {
            cancelConversion()
        } else if !composition.pending.isEmpty {
            compose(EngineKey.backspace)
        } else if !composition.kana.isEmpty {
            phase = .inserting
            composition.dropLastKana()
            displayComposition()
            updatePredictions()
        } else {
            phase = .inserting
            forgetHistory()
            proxy.deleteBackward()
        }
    }

    /// A held backspace in word mode: a conversion goes back to composing, a composition
    /// goes whole, then the document loses one word at a time.
    func deleteWordComposing() {
        if conversion != nil {
            backspaceComposing()
            return
        }
        phase = .inserting
        if !composition.isEmpty {
            composition = Composition()
            candidateBar.clear()
            displayComposition()
            return
        }
        deleteWordBeforeCursor()
    }

    /// The dakuten key while composing: the pending letters become kana, then the last kana
    /// of the composition takes its next form (は → ば → ぱ).
    private func cycleDakutenInComposition() {
        flushPending()
        guard let last = composition.kana.last else { return }
        phase = .processing(String(last))
        guard let result = engine.cycleDakuten(String(last)) else {
            lastError = "the Rust core returned no result for the dakuten key"
            return
        }
        phase = .inserting
        switch result.action {
        case .replace:
            composition.kana.removeLast()
            composition.kana += result.output
            lastError = nil
            displayComposition()
            updatePredictions()
        case .none:
            lastError = nil
        case .error:
            lastError = result.error ?? "the dakuten key failed without a message"
        }
    }

    /// Commits the composition as kana (the pending letters converted first). The kana join
    /// the history as one segment, without classes (the core looks them up).
    func commitComposition() {
        flushPending()
        let text = composition.kana
        composition = Composition()
        candidateBar.clear()
        phase = .inserting
        commitText(text, as: text.isEmpty ? [] : [CommittedSegment(reading: text, text: text)])
    }

    /// Commits whatever is shown: the conversion as chosen, or the composition as kana.
    func commitComposingState() {
        if conversion != nil {
            commitConversion(offeringNextWords: false)
        } else if !composition.isEmpty {
            commitComposition()
        }
    }

    /// Asks the core for predictions of the kana composed so far.
    func updatePredictions() {
        guard conversion == nil, !composition.kana.isEmpty else {
            if conversion == nil { candidateBar.clear() }
            return
        }
        switch engine.predictions(for: composition.kana, limit: CandidateBar.defaultPageSize, context: conversionContext()) {
        case .success(let predictions): candidateBar.showPredictions(predictions)
        case .failure: candidateBar.clear()  // no dictionary: no predictions, typing goes on
        }
    }

    // MARK: Converting

    /// Space with something composed: the core converts the whole composition.
    func startConversion() {
        flushPending()
        guard !composition.isEmpty else { return }  // the core failed and it was committed
        let reading = composition.kana
        var context = conversionContext()
        phase = .processing(EngineKey.space)
        func convert(after context: ConversionContext) -> Result<KanjiConversion, KanjiConversionError> {
            engine.convert(
                reading, fixedSegmentLengths: [], candidates: Self.candidatesPerSegment, alternatives: 0,
                matchingHeardSpellings: true, context: context)
        }
        var result = convert(after: context)
        if case .failure = result, context != .none {
            // The context only helps: a core that cannot take it still converts the word.
            context = .none
            result = convert(after: context)
        }
        phase = .inserting
        switch result {
        case .success(let converted) where Self.isUsable(converted, for: reading):
            lastError = nil
            composition = Composition()
            let session = ConversionSession(conversion: converted, context: context)
            conversion = session
            showConversion()
        case .success:
            failConversion("the core's conversion does not cover the reading \(reading)")
        case .failure(let error):
            failConversion(error.message)
        }
    }

    /// A conversion the keyboard can show: segments that cover exactly the reading, each
    /// with at least one candidate.
    static func isUsable(_ conversion: KanjiConversion, for reading: String) -> Bool {
        !conversion.segments.isEmpty && conversion.reading == reading
            && conversion.segments.map(\.reading).joined() == reading
            && conversion.segments.allSatisfy { !$0.candidates.isEmpty }
    }

    /// The core could not convert: what is composed (or was being converted) is committed as kana.
    private func failConversion(_ message: String) {
        lastError = message
        let reading = conversion?.reading ?? composition.kana
        conversion = nil
        composition = Composition()
        candidateBar.clear()
        commitText(reading)
    }

    /// Space while converting: the focused segment's next candidate (more are fetched from
    /// the core at the end of the list; after the last, the first again).
    private func nextCandidate() {
        guard var session = conversion else { return }
        var next = session.focusedChoice + 1
        if next >= session.focusedCandidates.count {
            extendCandidates(&session)
            if next >= session.focusedCandidates.count { next = 0 }
        }
        session.choose(next)
        conversion = session
        showConversion()
    }

    private func extendCandidates(_ session: inout ConversionSession) {
        guard !session.extendedSegments.contains(session.focus) else { return }
        if case .success(let more) = engine.candidates(
            forSegment: session.focus, of: session.conversion, limit: Self.extendedCandidateLimit,
            context: session.context) {
            session.extendFocusedCandidates(more)
        } else {
            session.extendFocusedCandidates([])  // asked once; the list stays as it is
        }
    }

    func chooseCandidate(_ index: Int) {
        if var session = conversion {
            guard session.focusedCandidates.indices.contains(index) else { return }
            session.choose(index)
            if session.focus + 1 < session.segments.count {
                session.moveFocus(by: 1)
                conversion = session
                showConversion()
            } else {
                conversion = session
                commitConversion()
            }
        } else if candidateBar.content == .predictions, candidateBar.items.indices.contains(index) {
            // A prediction while composing, or a next word after a commit: it is committed,
            // learned after what stood before it, and joins the history.
            let item = candidateBar.items[index]
            let context = conversionContext()
            composition = Composition()
            candidateBar.clear()
            phase = .inserting
            commitText(item.text, as: [CommittedSegment(reading: item.reading, text: item.text)])
            learn(ConversionChoice(
                reading: item.reading, segments: [.init(reading: item.reading, text: item.text)], context: context))
            offerNextWords()
        }
    }

    func moveConversionFocus(by delta: Int) {
        guard var session = conversion else { return }
        session.moveFocus(by: delta)
        conversion = session
        showConversion()
    }

    func resizeFocusedSegment(_ delta: Int) {
        guard var session = conversion, delta != 0 else { return }
        phase = .processing(delta > 0 ? "{extend}" : "{shrink}")
        let result = engine.resizeSegment(
            of: session.conversion, at: session.focus, by: delta, candidates: Self.candidatesPerSegment,
            context: session.context)
        phase = .inserting
        switch result {
        case .success(let converted) where Self.isUsable(converted, for: session.reading):
            lastError = nil
            session.replace(with: converted)
            conversion = session
            showConversion()
        case .success:
            failConversion("the core's conversion does not cover the reading \(session.reading)")
        case .failure(let error):
            failConversion(error.message)
        }
    }

    func turnPage(_ delta: Int) {
        if delta > 0, var session = conversion, candidateBar.page + 1 >= candidateBar.pageCount {
            let before = session.focusedCandidates.count
            extendCandidates(&session)
            conversion = session
            if session.focusedCandidates.count > before {
                let page = candidateBar.page
                candidateBar.showCandidates(of: session)
                candidateBar.turnPage(by: page + delta - candidateBar.page)
                return
            }
        }
        candidateBar.turnPage(by: delta)
    }

    /// Commits the conversion as chosen and tells the learning store; its segments join the
    /// history. `offeringNextWords`: the bar then shows the words that usually follow (not
    /// when a letter committed it: that letter starts the next word).
    func commitConversion(offeringNextWords: Bool = true) {
        guard let session = conversion else { return }
        conversion = nil
        candidateBar.clear()
        phase = .inserting
        commitText(session.text, as: session.committedSegments)
        learn(session.choice)
        if offeringNextWords { offerNextWords() }
    }

    /// Tells the learning store, after the text is committed; a save that fails becomes
    /// the `learningStatus` notice.
    private func learn(_ choice: ConversionChoice) {
        guard let learning else { return }
        learningStatus.record(learning.learn(choice))
    }

    // MARK: The document

    private func displayComposition() {
        display(composition.text, selection: nil)
    }

    private func showConversion() {
        guard let session = conversion else { return }
        display(session.text, selection: session.focusedRange)
        candidateBar.showCandidates(of: session)
    }

    /// Shows `text` as the uncommitted text: marked text with `selection` inside it (the
    /// focused segment; the end when `nil`), or inline, rewriting only what differs.
    func display(_ text: String, selection: NSRange?) {
        switch pendingInputStyle {
        case .marked:
            let selected = selection ?? NSRange(location: text.utf16.count, length: 0)
            let shownSelection = displayedSelection ?? NSRange(location: displayedText.utf16.count, length: 0)
            guard text != displayedText || selected != shownSelection else { return }
            if text.isEmpty {
                // An empty marked range would linger (and swallow the next delete) until unmarked.
                proxy.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
                proxy.unmarkText()
            } else {
                proxy.setMarkedText(text, selectedRange: selected)
            }
        case .inline:
            rewriteInline(from: displayedText, to: text)
        }
        displayedText = text
        displayedSelection = text.isEmpty ? nil : selection
    }

    /// Replaces the uncommitted text shown (if any) with `text`, committed. `segments`: what
    /// the text is, as the history keeps it; anything committed without them (a space, a
    /// newline, kana the core could not convert) ends the history.
    func commitText(_ text: String, as segments: [CommittedSegment] = []) {
        let continuing = isHistoryCurrent
        switch pendingInputStyle {
        case .marked:
            if !text.isEmpty {
                proxy.insertText(text)  // replaces the marked text
            } else if !displayedText.isEmpty {
                proxy.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
                proxy.unmarkText()
            }
        case .inline:
            rewriteInline(from: displayedText, to: text)
        }
        displayedText = ""
        displayedSelection = nil
        history.record(
            segments, continuing: continuing, textBeforeCursor: committedTextBeforeCursor,
            documentIdentifier: proxy.documentIdentifier)
    }
}
