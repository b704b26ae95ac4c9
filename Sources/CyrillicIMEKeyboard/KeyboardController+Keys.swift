import CyrillicIME
import Foundation

/// The one path every key takes, in every profile (docs/KEYBOARD.md, "The writer's loop"):
/// idle (space types a space, return a newline, backspace deletes before the cursor) →
/// composing (letters go through the core into `composition`, live conversion shows them; space
/// converts or marks a word boundary, return commits) → converting (+Converting.swift).
///
/// A kana-only profile is composing whose kana are committed as soon as the core writes them
/// (`Composition.take`), so only the pending letters are shown; space and return go to the
/// core (which flushes, then types them), and nothing is converted. Whenever the core fails,
/// nothing typed is lost: what is composed is committed, and `lastError` says why.
extension KeyboardController {
    /// One key: the layer keys change what the keys show; the others compose, convert, commit
    /// or edit, by the state the writer is in.
    func handle(_ key: KeyboardKey) {
        switch key {
        case .shift:
            // On the letters shift means katakana; on another layer it turns the page.
            if layer.isLetters {
                shift.tap(at: scheduler.now)
            } else {
                layer = profiles.current.position(afterShift: layer)
            }
        case .mode:
            // Pending input stays pending: the next key, a symbol or a letter, decides.
            layer = profiles.current.position(afterMode: layer)
        case .character(let text):
            // A new letter or punctuation commits the conversion shown, then composes anew:
            // what was committed is the context of the word that starts here.
            if conversion != nil { commitConversion(offeringNextWords: false) }
            if composition.isEmpty { candidateBar.clear() }  // the next words give way to typing
            sendToCore(text)
        case .space:
            if conversion != nil {
                conversion?.chooseNextCandidate(engine: engine)
                showConversion()
            } else if !composition.isEmpty, !isKanaOnly, !live.separatesWords(in: profiles.current) {
                startConversion()
            } else if !composition.isEmpty, !isKanaOnly {  // the Cyrillic habit: a word boundary
                flushPending()
                composition.typeSpace()
                compositionChanged()
            } else {
                typeSeparator(EngineKey.space, or: spaceWidth == .full ? "\u{3000}" : " ")
            }
        case .enter:
            if conversion != nil {
                commitConversion()
            } else if !composition.isEmpty, !isKanaOnly {
                commitComposition()
                offerNextWords()
            } else {
                typeSeparator(EngineKey.enter, or: "\n")
            }
        case .backspace:
            deleteBackward(byWord: false)
        case .dakuten:
            cycleDakuten()
        case .profile:
            commitAll()
            profiles.selectNext()
        case .globe:
            // The view switches keyboards (it needs UIKit's event); the keyboard then hides.
            commitAll()
        case .cursorLeft, .cursorRight:
            if conversion != nil {
                moveConversionFocus(by: key == .cursorLeft ? -1 : 1)
            } else if key == .cursorRight, !composition.isEmpty, !isKanaOnly, live.separatesWords(in: profiles.current) {
                startConversion()  // the Cyrillic habit's way to the candidates
            } else {
                moveCursor(forward: key == .cursorRight)
            }
        }
        if key != .mode { layer = profiles.current.position(afterKey: key.label, at: layer) }
    }

    /// Space or return with nothing converted: a kana-only profile sends it to the core (which
    /// flushes the pending letters, then types it); otherwise `text` is typed and the history ends.
    private func typeSeparator(_ engineKey: String, or text: String) {
        if isKanaOnly {
            sendToCore(engineKey)
        } else {
            contextTracker.commit(text)
            forgetHistory()
        }
    }

    // MARK: Composing

    /// Sends `engineKey` to the core with the pending letters and applies the answer: what the
    /// core writes joins the kana (in a kana-only profile it is committed at once), its buffer
    /// is the new pending input. When the core fails, the composition and what was typed are
    /// committed as they are.
    func sendToCore(_ engineKey: String) {
        let (kanaBefore, typingBefore) = (composition.kana, composition.typing)
        phase = .processing(engineKey)
        let result = engine.processKey(engineKey, buffer: composition.pending, profileID: qualifiedProfileID)
            ?? .fallback(key: engineKey, buffer: composition.pending)
        phase = .resultReceived(result)
        phase = .inserting
        lastError = result.action == .error ? (result.error ?? "the core failed without a message") : nil
        if let committed = composition.take(result, forKey: engineKey, committingKana: isKanaOnly) {
            candidateBar.clear()
            contextTracker.commit(committed, thenShow: composition.pending)
        } else if composition.kana == kanaBefore {
            showComposition()  // else the kana changed, and with it what is shown (below)
        }
        // Shift once covers one kana: it ends when a key leaves nothing pending.
        if engineKey != EngineKey.backspace, composition.pending.isEmpty { shift.kanaCompleted() }
        // A pending letter changes no kana; the predictions follow it (a pending й makes китай 中国).
        if composition.kana != kanaBefore { compositionChanged() } else if composition.typing != typingBefore { updatePredictions() }
    }

    /// Converts the pending letters into kana (a trailing н becomes ん).
    func flushPending() {
        guard !composition.pending.isEmpty else { return }
        sendToCore(EngineKey.flush)
    }

    /// Backspace, or a held one in word mode (`byWord`): a conversion goes back to composing;
    /// else the composition loses its last pending letter (the core drops it) or kana, or all
    /// of it by word; with nothing composed, the document loses a character or a word.
    func deleteBackward(byWord: Bool) {
        if conversion != nil {
            cancelConversion()
        } else if !byWord, !composition.pending.isEmpty {
            sendToCore(EngineKey.backspace)
        } else if !composition.isEmpty {
            phase = .inserting
            if byWord { composition = Composition() } else { composition.dropLastKana() }
            compositionChanged()
        } else {
            phase = .inserting
            forgetHistory()
            if byWord { document.deleteWordBeforeCursor() } else { document.deleteBackward() }
        }
    }

    /// The dakuten key: the pending letters become kana first (so the kana they would have
    /// become is there to cycle), then the last kana — of the composition, else the character
    /// before the cursor — takes its next form (は → ば → ぱ). A flush the core failed ends it
    /// there: what was typed is committed as it was, and `lastError` keeps saying why.
    private func cycleDakuten() {
        if conversion != nil { commitConversion(offeringNextWords: false) }
        let flushing = !composition.pending.isEmpty
        flushPending()
        if flushing, lastError != nil { return }
        let inComposition = !composition.kana.isEmpty
        if !inComposition { forgetHistory() }  // the text before the cursor changes
        guard let last = inComposition ? composition.kana.last : document.characterBeforeCursor else { return }
        phase = .processing(String(last))
        guard let result = engine.cycleDakuten(String(last)) else {
            lastError = "the Rust core returned no result for the dakuten key"
            return
        }
        phase = .inserting
        lastError = result.action == .error ? (result.error ?? "the dakuten key failed without a message") : nil
        guard result.action == .replace else { return }
        if inComposition {
            composition.replaceLastKana(with: result.output)
            compositionChanged()
        } else {
            document.replaceCharacterBeforeCursor(with: result.output)
        }
    }

    /// Commits everything shown: the conversion as chosen, or the composition as shown (its live
    /// conversion, or its kana). Cursor moves, profile changes, a style change and hiding do this.
    func commitAll() {
        commitConversion(offeringNextWords: false)  // each does nothing unless its state is shown
        commitComposition()
    }

    /// Commits what the composition shows (the pending letters converted first): its live
    /// conversion, whose segments join the history, else the kana as one segment.
    func commitComposition() {
        flushPending()
        guard !composition.isEmpty else { return }  // kana-only, or the core failed: committed
        let (text, segments) = live.commitment(for: composition)
        composition = Composition()
        candidateBar.clear()
        phase = .inserting
        contextTracker.commit(text, as: segments)
    }

    /// Moves over one user-perceived character, after committing what is shown.
    private func moveCursor(forward: Bool) {
        commitAll()
        forgetHistory()
        phase = .inserting
        document.moveCursor(forward: forward)
    }

    // MARK: The document and the history

    func showComposition() {
        document.show(live.shownText(for: composition))
    }

    /// The keyboard moved the cursor or edited the text outside what it composes (backspace,
    /// a space or newline, the dakuten key on the text, the cursor keys), or it hides: the
    /// history ends, and with it the next words offered.
    func forgetHistory() {
        contextTracker.forget()
        if inputState == .idle { candidateBar.clear() }
    }
}
