import CyrillicIME
import Foundation

/// The one path every key takes, in every profile (docs/KEYBOARD.md, "The writer's loop"):
/// idle (space types a space, return a newline, backspace deletes before the cursor) →
/// composing (letters go through the core into `composition`; space converts, return commits
/// the kana) → converting (KeyboardController+Converting.swift).
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
            } else if !composition.isEmpty, !isKanaOnly {
                startConversion()
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
        } else {
            showComposition()
        }
        // Shift once covers one kana: it ends when a key leaves nothing pending.
        if engineKey != EngineKey.backspace, composition.pending.isEmpty { shift.kanaCompleted() }
        // The predictions follow the kana and the word typed so far (a pending й makes китай 中国).
        if composition.kana != kanaBefore || composition.typing != typingBefore { updatePredictions() }
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
            showComposition()
            updatePredictions()
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
            showComposition()
            updatePredictions()
        } else {
            document.replaceCharacterBeforeCursor(with: result.output)
        }
    }

    /// Commits everything shown: the conversion as chosen, or the composition as kana. Cursor
    /// moves, profile changes, a style change and hiding do this.
    func commitAll() {
        if conversion != nil {
            commitConversion(offeringNextWords: false)
        } else if !composition.isEmpty {
            commitComposition()
        }
    }

    /// Commits the composition as kana (the pending letters converted first). The kana join
    /// the history as one segment, without classes (the core looks them up).
    func commitComposition() {
        flushPending()
        guard !composition.isEmpty else { return }  // kana-only, or the core failed: committed
        let text = composition.kana
        composition = Composition()
        candidateBar.clear()
        phase = .inserting
        contextTracker.commit(text, as: text.isEmpty ? [] : [CommittedSegment(reading: text, text: text)])
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
        document.show(composition.text)
    }

    /// The keyboard moved the cursor or edited the text outside what it composes (backspace,
    /// a space or newline, the dakuten key on the text, the cursor keys), or it hides: the
    /// history ends, and with it the next words offered.
    func forgetHistory() {
        contextTracker.forget()
        if inputState == .idle { candidateBar.clear() }
    }
}
